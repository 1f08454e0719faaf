import { provideModelServices } from "../../models/model-services.js";
import { getEnv } from "../env.js";

/**
 * Gives models/ what its hooks ask for (models/model-services.ts). The buyer service and the logger
 * load on first use, as the models' own imports once did: connect.ts, which scripts import, reads
 * no configuration by being imported.
 */
export function provideServicesToModels(): void {
  provideModelServices({
    passwordHashRounds: () => getEnv().BCRYPT_ROUNDS,
    async refreshBuyers(phones) {
      const { refreshBuyers } = await import("../services/buyer-summary.js");
      await refreshBuyers(phones);
    },
    async warn(error, message) {
      const { logger } = await import("../lib/logger.js");
      logger.warn({ err: error }, message);
    },
  });
}
