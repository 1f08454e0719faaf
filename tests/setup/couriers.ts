import { afterAll, beforeAll, beforeEach } from "vitest";
import { redxEnv, startRedxStub, type RedxStub } from "../stubs/redx";
import { startSteadfastStub, steadfastEnv, type SteadfastStub } from "../stubs/steadfast";
import type { PathaoStub } from "../stubs/pathao";
import { setEnv } from "./env";
import { usePathaoStub } from "./pathao";

/**
 * Registers hooks (in the file or describe block it is called in) that start a courier's stub and
 * point its variables at it, forget what it recorded before each test, and afterwards close it and
 * put the variables back. `ready` receives the stub once it runs. (Pathao: tests/setup/pathao.ts,
 * which also forgets its token and the delivery caches.)
 */
function useCourierStub<Stub extends { close(): Promise<void> }>(
  start: () => Promise<Stub>,
  variables: (stub: Stub) => Record<string, string>,
  forget: (stub: Stub) => void,
  ready: (stub: Stub) => void,
): void {
  let stub: Stub | undefined;
  let restoreEnv: (() => void) | undefined;
  beforeAll(async () => {
    stub = await start();
    restoreEnv = setEnv(variables(stub));
    ready(stub);
  });
  beforeEach(() => {
    if (stub) forget(stub);
  });
  afterAll(async () => {
    await stub?.close();
    restoreEnv?.();
  });
}

export function useSteadfastStub(ready: (steadfast: SteadfastStub) => void): void {
  useCourierStub(
    startSteadfastStub,
    steadfastEnv,
    (steadfast) => {
      steadfast.consignments.length = 0;
      steadfast.bookingCalls = 0;
      steadfast.records = {};
      steadfast.fraudChecks.length = 0;
      steadfast.fraudCheckFails = null;
      steadfast.payments.length = 0;
      steadfast.paymentCalls = 0;
    },
    ready,
  );
}

export function useRedxStub(ready: (redx: RedxStub) => void): void {
  useCourierStub(startRedxStub, redxEnv, (redx) => (redx.parcels.length = 0), ready);
}

export interface CourierStubs {
  pathao: PathaoStub;
  steadfast: SteadfastStub;
  redx: RedxStub;
}

/** Pathao's, Steadfast's and RedX's stubs together, handed over once all three run. */
export function useCourierStubs(ready: (stubs: CourierStubs) => void): void {
  const stubs: Partial<CourierStubs> = {};
  usePathaoStub((pathao) => (stubs.pathao = pathao));
  useSteadfastStub((steadfast) => (stubs.steadfast = steadfast));
  useRedxStub((redx) => (stubs.redx = redx));
  beforeAll(() => ready(stubs as CourierStubs));
}
