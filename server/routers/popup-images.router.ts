import { Router } from "express";
import { z } from "zod";
import { DeletedAnswer } from "#contract/answers/common";
import { imageUpload, uploadedImages } from "../middleware/multipart.js";
import { endpoint } from "../middleware/validate.js";
import {
  CreatePopupImageBody,
  IdParams,
  SequenceBody,
  UpdatePopupImageBody,
} from "#contract/schemas/popup-images";
import { ActivePopupImageAnswer, PopupImageAnswer } from "#contract/answers/popup-images";
import {
  createPopupImage,
  deletePopupImage,
  getPopupImage,
  listActivePopupImages,
  listPopupImages,
  reorderPopupImages,
  updatePopupImage,
} from "../services/popup-images.service.js";

export const popupImagesRouter = Router();
const PREFIX = "/api/popup-images";

/** One file in field `image`. */
const receiveImage = imageUpload({ fields: [{ name: "image", maxCount: 1 }], maxFields: 20 });

endpoint(popupImagesRouter, PREFIX, {
  method: "get",
  path: "/active",
  summary: "Active popup images (within their start/end window), in sequence order",
  tags: ["popup-images"],
  auth: "none",
  responses: { 200: { description: "Images", schema: z.array(ActivePopupImageAnswer) } },
  handler: () => listActivePopupImages(new Date()),
});

endpoint(popupImagesRouter, PREFIX, {
  method: "get",
  path: "/",
  summary: "Every popup image, in sequence order",
  tags: ["popup-images"],
  permission: "popups.manage",
  responses: { 200: { description: "Images", schema: z.array(PopupImageAnswer) } },
  handler: () => listPopupImages(),
});

endpoint(popupImagesRouter, PREFIX, {
  method: "post",
  path: "/sequence",
  summary: "Reorder: sequence = position in `order`; images not listed follow in their old order",
  tags: ["popup-images"],
  permission: "popups.manage",
  body: SequenceBody,
  responses: {
    200: { description: "Every image, reordered", schema: z.array(PopupImageAnswer) },
    404: { description: "An id in `order` is not a popup image" },
  },
  handler: ({ body }) => reorderPopupImages(body.order),
});

endpoint(popupImagesRouter, PREFIX, {
  method: "get",
  path: "/:id",
  summary: "One popup image",
  tags: ["popup-images"],
  permission: "popups.manage",
  params: IdParams,
  responses: { 200: { description: "The image", schema: PopupImageAnswer } },
  handler: ({ params }) => getPopupImage(params.id),
});

endpoint(popupImagesRouter, PREFIX, {
  method: "post",
  path: "/",
  summary: "Create a popup image (multipart: image file + fields)",
  tags: ["popup-images"],
  permission: "popups.manage",
  multipart: true,
  before: [receiveImage],
  body: CreatePopupImageBody,
  status: 201,
  responses: {
    201: { description: "Created", schema: PopupImageAnswer },
    415: { description: "The file is not a JPEG, PNG, WebP or GIF image" },
    503: { description: "The image store cannot be reached (nothing was saved; retry)" },
  },
  handler: ({ body }, req) => createPopupImage(body, uploadedImages(req, "image")[0]),
});

endpoint(popupImagesRouter, PREFIX, {
  method: "put",
  path: "/:id",
  summary: "Update a popup image (multipart, image optional; a replaced file is removed)",
  tags: ["popup-images"],
  permission: "popups.manage",
  multipart: true,
  before: [receiveImage],
  params: IdParams,
  body: UpdatePopupImageBody,
  responses: {
    200: { description: "Updated", schema: PopupImageAnswer },
    415: { description: "The file is not a JPEG, PNG, WebP or GIF image" },
    503: { description: "The image store cannot be reached (nothing was saved; retry)" },
  },
  handler: ({ params, body }, req) =>
    updatePopupImage(params.id, body, uploadedImages(req, "image")[0]),
});

endpoint(popupImagesRouter, PREFIX, {
  method: "delete",
  path: "/:id",
  summary: "Delete a popup image and its file",
  tags: ["popup-images"],
  permission: "popups.manage",
  params: IdParams,
  responses: {
    200: { description: "Deleted", schema: DeletedAnswer },
  },
  handler: ({ params }) => deletePopupImage(params.id),
});
