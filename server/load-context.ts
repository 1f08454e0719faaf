import { getEnv } from "./env.js";
import * as catalog from "./services/catalog.service.js";

/** What route loaders receive: services to call directly (loaders never fetch our own /api). */
export function createLoadContext(cspNonce: string) {
  const env = getEnv();
  return {
    cspNonce,
    config: { gtmId: env.GTM_ID ?? null, publicUrl: env.PUBLIC_URL },
    services: { catalog },
  };
}

export type AppLoadContextValue = ReturnType<typeof createLoadContext>;
