import { TshirtOrder } from "../../models/tshirt-order.model";

export interface TshirtOrderOverrides {
  name?: string;
  organization?: string;
  mobile?: string;
  email?: string;
  color?: string;
  printType?: string;
  sizes?: Partial<Record<"S" | "M" | "L" | "XL" | "XXL", number>>;
  quantity?: number;
  status?: string;
  quotedPrice?: number | null;
}

/** A bulk t-shirt request written through the model; default: 10 white DTF shirts, size S, status NEW. */
export function createTshirtOrder(overrides: TshirtOrderOverrides = {}) {
  return TshirtOrder.create({
    name: "School",
    mobile: "01712345678",
    email: "a@example.com",
    color: "White",
    printType: "DTF",
    sizes: { S: 10 },
    quantity: 10,
    ...overrides,
  });
}
