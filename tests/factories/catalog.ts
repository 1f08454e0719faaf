import { createCategory } from "./category";
import { createProduct } from "./product";

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

/**
 * A small catalogue with known answers (prices in taka; quantity = sum of variant stock), with
 * fixed slugs and no images:
 *
 * | name      | category            | price | discounted | % | stock by variant                   | sold | created |
 * |-----------|---------------------|-------|------------|---|------------------------------------|------|---------|
 * | classic   | men > men-t-shirts  | 1000  | 800        |20 | Black/M 5, Black/L 3, White/M 0    | 5    | day 1   |
 * | graphic   | men > men-t-shirts  | 600   | 600        | 0 | Navy/S 2, Navy/M 4                 | 20   | day 2   |
 * | panjabi   | men                 | 2500  | 2000       |20 | White/L 1, White/XL 0 (brand Deshi)| 1    | day 3   |
 * | cotton    | women > women-kurti | 1500  | 1200       |20 | Red/S 0, Red/M 0 (sold out)        | 0    | day 4   |
 * | silk      | women > women-kurti | 3000  | 1500       |50 | Black/M 2, Red/L 7                 | 10   | day 5   |
 * | hidden    | men > men-t-shirts  | 500   | 500        | 0 | Black/M 9, inactive                | 50   | day 6   |
 */
export async function seedCatalog() {
  const men = await createCategory({ name: "Men", slug: "men" });
  const menTees = await createCategory({ name: "T-Shirts", slug: "men-t-shirts", parent: men });
  const women = await createCategory({ name: "Women", slug: "women" });
  const kurti = await createCategory({ name: "Kurti", slug: "women-kurti", parent: women });
  const day = (n: number) => new Date(BASE + n * DAY);

  const classic = await createProduct({
    title: "Classic Cotton Tee",
    slug: "classic-cotton-tee",
    description: "Everyday crew neck tee.",
    price: 1000,
    discountedPrice: 800,
    categoryPath: [men, menTees],
    variants: [
      { color: "Black", size: "M", stock: 5 },
      { color: "Black", size: "L", stock: 3 },
      { color: "White", size: "M", stock: 0 },
    ],
    soldCount: 5,
    images: [],
    createdAt: day(1),
  });
  const graphic = await createProduct({
    title: "Graphic Street Tee",
    slug: "graphic-street-tee",
    description: "Printed front.",
    price: 600,
    discountedPrice: 600,
    categoryPath: [men, menTees],
    variants: [
      { color: "Navy", size: "S", stock: 2 },
      { color: "Navy", size: "M", stock: 4 },
    ],
    soldCount: 20,
    images: [],
    createdAt: day(2),
  });
  const panjabi = await createProduct({
    title: "Linen Panjabi",
    slug: "linen-panjabi",
    description: "Festive linen panjabi.",
    brand: "Deshi",
    price: 2500,
    discountedPrice: 2000,
    categoryPath: [men],
    variants: [
      { color: "White", size: "L", stock: 1 },
      { color: "White", size: "XL", stock: 0 },
    ],
    soldCount: 1,
    images: [],
    createdAt: day(3),
  });
  const cotton = await createProduct({
    title: "Cotton Kurti",
    slug: "cotton-kurti",
    description: "Breathable block print.",
    price: 1500,
    discountedPrice: 1200,
    categoryPath: [women, kurti],
    variants: [
      { color: "Red", size: "S", stock: 0 },
      { color: "Red", size: "M", stock: 0 },
    ],
    soldCount: 0,
    images: [],
    createdAt: day(4),
  });
  const silk = await createProduct({
    title: "Silk Kurti",
    slug: "silk-kurti",
    description: "Half silk, hand finished.",
    price: 3000,
    discountedPrice: 1500,
    categoryPath: [women, kurti],
    variants: [
      { color: "Black", size: "M", stock: 2 },
      { color: "Red", size: "L", stock: 7 },
    ],
    soldCount: 10,
    images: [],
    createdAt: day(5),
  });
  const hidden = await createProduct({
    title: "Hidden Tee",
    slug: "hidden-tee",
    price: 500,
    discountedPrice: 500,
    categoryPath: [men, menTees],
    variants: [{ color: "Black", size: "M", stock: 9 }],
    soldCount: 50,
    isActive: false,
    images: [],
    createdAt: day(6),
  });
  return {
    categories: { men, menTees, women, kurti },
    products: { classic, graphic, panjabi, cotton, silk, hidden },
  };
}
