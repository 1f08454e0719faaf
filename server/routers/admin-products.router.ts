import { Router, type Request } from "express";
import { imageUpload, uploadedImages } from "../middleware/multipart.js";
import { endpoint } from "../middleware/validate.js";
import {
  AdminProductListQuery,
  CategoryBody,
  CategoryUpdateBody,
  IdParams,
  ProductCreateBody,
  ProductUpdateBody,
} from "#contract/schemas/catalog";
import {
  AdminCategoryAnswer,
  AdminProductListAnswer,
  ProductAnswer,
} from "#contract/answers/catalog";
import { MessageAnswer } from "#contract/answers/common";
import { MAX_PRODUCT_IMAGES } from "#contract/images";
import { createCategory, deleteCategory, updateCategory } from "../services/categories.service.js";
import { adminListProducts } from "../services/catalog-listing.js";
import {
  createProduct,
  deleteProduct,
  getProductById,
  updateProduct,
} from "../services/products.service.js";

/** Product images: up to 8, in the field "images". */
const upload = imageUpload({
  fields: [{ name: "images", maxCount: MAX_PRODUCT_IMAGES }],
  maxFields: 50,
  // Product forms carry variants and existing images as JSON text: multer's default (1 MB).
  maxFieldBytes: 1024 * 1024,
  tooManyFilesMessage: `Send at most ${MAX_PRODUCT_IMAGES} images, in the field "images"`,
});

function uploadedFiles(req: Request) {
  return uploadedImages(req, "images").map((buffer) => ({ buffer }));
}

export const adminProductsRouter = Router();
const PRODUCTS = "/api/admin/products";

endpoint(adminProductsRouter, PRODUCTS, {
  method: "get",
  path: "/",
  summary: "Every product, active or not",
  tags: ["admin"],
  permission: "products.manage",
  query: AdminProductListQuery,
  responses: {
    200: {
      description: "Products",
      schema: AdminProductListAnswer,
    },
  },
  handler: ({ query }) => adminListProducts(query),
});

endpoint(adminProductsRouter, PRODUCTS, {
  method: "get",
  path: "/:id",
  summary: "One product, active or not",
  tags: ["admin"],
  permission: "products.manage",
  params: IdParams,
  responses: { 200: { description: "The product", schema: ProductAnswer } },
  handler: ({ params }) => getProductById(params.id, { includeInactive: true }),
});

endpoint(adminProductsRouter, PRODUCTS, {
  method: "post",
  path: "/",
  summary: "Creates a product (multipart: fields, variants as JSON, up to 8 images)",
  tags: ["admin"],
  permission: "products.manage",
  multipart: true,
  before: [upload],
  body: ProductCreateBody,
  status: 201,
  responses: {
    201: { description: "The product", schema: ProductAnswer },
    409: { description: "A product with this slug exists" },
    415: { description: "An image is not a JPEG, PNG, WebP or GIF" },
    503: { description: "The image store cannot be reached (nothing was saved; retry)" },
  },
  handler: ({ body }, req) => createProduct(body, uploadedFiles(req), `admin:${req.user!.email}`),
});

endpoint(adminProductsRouter, PRODUCTS, {
  method: "put",
  path: "/:id",
  summary: "Edits a product; existingImages (JSON list) keeps and orders images, uploads append",
  tags: ["admin"],
  permission: "products.manage",
  multipart: true,
  before: [upload],
  params: IdParams,
  body: ProductUpdateBody,
  responses: {
    200: { description: "The product", schema: ProductAnswer },
    409: { description: "A product with this slug exists" },
    415: { description: "An image is not a JPEG, PNG, WebP or GIF" },
    503: { description: "The image store cannot be reached (nothing was saved; retry)" },
  },
  handler: ({ params, body }, req) =>
    updateProduct(params.id, body, uploadedFiles(req), `admin:${req.user!.email}`),
});

endpoint(adminProductsRouter, PRODUCTS, {
  method: "delete",
  path: "/:id",
  summary: "Deletes a product and its image files",
  tags: ["admin"],
  permission: "products.manage",
  params: IdParams,
  responses: { 200: { description: "Deleted", schema: MessageAnswer } },
  handler: ({ params }, req) => deleteProduct(params.id, `admin:${req.user!.email}`),
});

export const adminCategoriesRouter = Router();
const CATEGORIES = "/api/admin/categories";

endpoint(adminCategoriesRouter, CATEGORIES, {
  method: "post",
  path: "/",
  summary: "Creates a category (at most 3 levels)",
  tags: ["admin"],
  permission: "categories.manage",
  body: CategoryBody,
  status: 201,
  responses: {
    201: { description: "The category", schema: AdminCategoryAnswer },
    409: { description: "A category with this slug exists" },
  },
  handler: ({ body }) => createCategory(body),
});

endpoint(adminCategoriesRouter, CATEGORIES, {
  method: "put",
  path: "/:id",
  summary: "Renames or moves a category; products follow",
  tags: ["admin"],
  permission: "categories.manage",
  params: IdParams,
  body: CategoryUpdateBody,
  responses: {
    200: { description: "The category", schema: AdminCategoryAnswer },
    409: { description: "A category with this slug exists" },
  },
  handler: ({ params, body }) => updateCategory(params.id, body),
});

endpoint(adminCategoriesRouter, CATEGORIES, {
  method: "delete",
  path: "/:id",
  summary: "Deletes a category; 409 while products use it or it has sub-categories",
  tags: ["admin"],
  permission: "categories.manage",
  params: IdParams,
  responses: {
    200: { description: "Deleted", schema: MessageAnswer },
    409: { description: "Products use it, or it has sub-categories" },
  },
  handler: ({ params }) => deleteCategory(params.id),
});
