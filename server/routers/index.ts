import type { Router } from "express";
import { categoriesRouter } from "./categories.router.js";

/**
 * Every REST router and where it is mounted. Paths given to endpoint() inside a router are relative
 * to its prefix here, and the same prefix is passed to endpoint() for the OpenAPI document.
 */
export const apiRouters: { prefix: string; router: Router }[] = [
  { prefix: "/api/categories", router: categoriesRouter },
];
