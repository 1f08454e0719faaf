import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetPathaoTokenForTests } from "../../server/integrations/pathao";
import { resetDeliveryCacheForTests } from "../../server/services/delivery.service";
import { pathaoEnv, startPathaoStub, type PathaoStub } from "../stubs/pathao";
import { setEnv } from "./env";

/**
 * Registers beforeAll/afterAll hooks (in the file or the describe block it is called in) that start
 * the Pathao stub, point the PATHAO_* variables at it and forget any cached token and delivery
 * answers; afterwards the stub closes and the variables and caches go back. Each test starts with
 * no booked parcels and no price plans asked. `ready` receives the stub once it runs.
 */
export function usePathaoStub(ready: (pathao: PathaoStub) => void): void {
  let pathao: PathaoStub | undefined;
  let restoreEnv: (() => void) | undefined;

  beforeAll(async () => {
    pathao = await startPathaoStub();
    restoreEnv = setEnv(pathaoEnv(pathao));
    resetPathaoTokenForTests();
    resetDeliveryCacheForTests();
    ready(pathao);
  });

  beforeEach(() => {
    if (!pathao) return;
    pathao.orders.length = 0;
    pathao.pricePlans.length = 0;
  });

  afterAll(async () => {
    await pathao?.close();
    restoreEnv?.();
    resetDeliveryCacheForTests();
  });
}
