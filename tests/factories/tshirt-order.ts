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

/** The text fields of a valid bulk-order form (multipart, sizes as JSON): 30 navy screen-printed shirts. */
export function bulkOrderFormFields(): Record<string, string> {
  return {
    name: "Nusrat Jahan",
    mobile: "01812345678",
    email: "nusrat@example.com",
    color: "Navy",
    printType: "SCREEN",
    sizes: JSON.stringify({ S: 10, M: 10, L: 10, XL: 0, XXL: 0 }),
    quantity: "30",
  };
}
