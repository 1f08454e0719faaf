import { pino } from "pino";
import { getEnv } from "../env.js";

export const logger = pino({
  level: getEnv().LOG_LEVEL,
  redact: [
    "req.headers.authorization",
    "req.headers.cookie",
    "res.headers['set-cookie']",
    // A guest's order tracking token and the courier webhook's shared secret.
    'req.headers["x-tracking-token"]',
    'req.headers["x-pathao-signature"]',
  ],
});
