import {
  GATEWAY_MODES,
  type GatewayMode,
  type PaymentGatewayAnswer,
} from "#contract/payment-gateways";
import { ONLINE_PAYMENT_METHOD_NAMES, type OnlinePaymentMethod } from "#contract/payment-methods";
import type { ProviderSettingsUpdate } from "#contract/provider-settings";
import { PaymentGatewaySettingsModel } from "../../models/payment-gateway-settings.model.js";
import { getEnv, type Env } from "../env.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { providerSettingsStore } from "../lib/provider-settings.js";
import {
  choiceField,
  defineProviderSettings,
  everyFieldSet,
  type ProviderSettingsDefinition,
  type SettingsShape,
  type SettingsValues,
} from "../lib/settings-fields.js";

/**
 * A payment gateway's settings (docs/payments.md, "A gateway's settings"): each adapter declares
 * its credentials with the providers' field helpers (server/lib/settings-fields.ts) and its two
 * addresses; every gateway also has a mode (sandbox or live, which picks the address, unless the
 * address variable names another host). They live in the providers' one store (server/lib/provider-settings.ts):
 * saved in the back office, secrets sealed, the environment variables as first-start defaults,
 * in force on every instance within a second. A gateway is configured when it is switched on and
 * every required field is set.
 */
export const STALE_GATEWAY_SETTINGS =
  "Someone else saved this gateway's settings since you opened them. Reload and save again.";

/** Variables holding an address. */
type UrlEnvName = { [Name in keyof Env]-?: Env[Name] extends string ? Name : never }[keyof Env];

interface GatewayAddresses {
  sandbox: string;
  live: string;
  /** The variable that set the address before the back office did (first-start default). */
  env: UrlEnvName;
}

const withoutSlash = (url: string) => url.replace(/\/+$/, "");
const hostOf = (url: string) => URL.parse(url)?.host ?? "";

/**
 * The mode, read at first start from the address variable: live when it names the live host. The
 * variable stays an override only when it is neither of the gateway's own addresses (a test
 * stub, a proxy); it is never editable in the back office, which would let an admin send the
 * environment's credentials to any host (as the couriers' base URLs: docs/couriers.md).
 */
const gatewayFields = (addresses: GatewayAddresses) => ({
  mode: choiceField("Mode", GATEWAY_MODES, {
    env: addresses.env,
    fromEnv: (env) => (hostOf(env[addresses.env]) === hostOf(addresses.live) ? "live" : "sandbox"),
    hint: "Sandbox takes test payments only; live takes real money",
  }),
});

/** The address variable when it is not one of the gateway's own addresses. */
function addressOverride(addresses: GatewayAddresses): string | undefined {
  const given = getEnv()[addresses.env];
  const own = [addresses.sandbox, addresses.live].map(withoutSlash);
  return own.includes(withoutSlash(given)) ? undefined : given;
}

type GatewayFields = ReturnType<typeof gatewayFields>;

export interface GatewaySettingsDefinition<
  Method extends OnlinePaymentMethod = OnlinePaymentMethod,
  Shape extends SettingsShape = SettingsShape,
> extends ProviderSettingsDefinition<Method, GatewayFields & Shape> {
  readonly addresses: GatewayAddresses;
}

/** A gateway's settings: its mode and credentials (every one required). */
export function defineGatewaySettings<
  Method extends OnlinePaymentMethod,
  Shape extends SettingsShape,
>(
  method: Method,
  addresses: GatewayAddresses,
  credentials: Shape,
): GatewaySettingsDefinition<Method, Shape> {
  const shape = { ...gatewayFields(addresses), ...credentials };
  // A production shop takes no test payments: its gateway in sandbox mode (on the gateway's own
  // sandbox address) is not configured there, as the environment's sandbox addresses are refused
  // at start (ALLOW_SANDBOX_IN_PRODUCTION for a staging shop).
  const sandboxRefused = (values: { mode?: string }) => {
    const env = getEnv();
    return (
      env.NODE_ENV === "production" &&
      !env.ALLOW_SANDBOX_IN_PRODUCTION &&
      values.mode !== "live" &&
      addressOverride(addresses) === undefined
    );
  };
  return {
    ...defineProviderSettings(
      method,
      shape,
      (values) => everyFieldSet(shape, values) && !sandboxRefused(values),
    ),
    addresses,
  };
}

const store = providerSettingsStore({
  kind: "payment",
  model: PaymentGatewaySettingsModel,
  logPrefix: "paymentGateways",
  nameOf: (id) => ONLINE_PAYMENT_METHOD_NAMES[id as OnlinePaymentMethod],
  auditEntity: "payment-gateway-settings",
  staleMessage: STALE_GATEWAY_SETTINGS,
});

const untyped = <Method extends OnlinePaymentMethod>(
  definition: GatewaySettingsDefinition<Method>,
): ProviderSettingsDefinition =>
  // A gateway's fields are settings fields like any other.
  definition as unknown as ProviderSettingsDefinition;

/**
 * The values a gateway works with (the adapters' only way to their credentials), its base URL
 * resolved: the environment's override, else its mode's own address.
 */
export async function gatewayValues<
  Method extends OnlinePaymentMethod,
  Shape extends SettingsShape,
>(
  definition: GatewaySettingsDefinition<Method, Shape>,
): Promise<SettingsValues<Shape> & { baseUrl: string; mode: GatewayMode }> {
  const values = (await store.values(untyped(definition))) as SettingsValues<GatewayFields & Shape>;
  const mode = values.mode ?? "sandbox";
  return {
    ...values,
    mode,
    baseUrl: addressOverride(definition.addresses) ?? definition.addresses[mode],
  };
}

/** Whether the checkout may offer the gateway: switched on and every required setting set. */
export async function isGatewayConfigured(definition: GatewaySettingsDefinition): Promise<boolean> {
  const { enabled, configured } = await store.state(untyped(definition));
  return enabled && configured;
}

function answerOf(
  definition: GatewaySettingsDefinition,
  described: Awaited<ReturnType<typeof store.describe>>,
): PaymentGatewayAnswer {
  const mode = described.fields.find((field) => field.name === "mode")?.value;
  return {
    id: definition.id,
    name: ONLINE_PAYMENT_METHOD_NAMES[definition.id],
    mode: mode === "live" ? "live" : "sandbox",
    ...described,
  };
}

/** The back office's view of one gateway: every field set or not, never a secret's value. */
export async function describeGateway(
  definition: GatewaySettingsDefinition,
): Promise<PaymentGatewayAnswer> {
  return answerOf(definition, await store.describe(untyped(definition)));
}

/** Saves a gateway's settings (logged, secrets as set / not set only); answers its new state. */
export async function saveGatewaySettings(
  definition: GatewaySettingsDefinition,
  update: ProviderSettingsUpdate,
  admin: ActingAdmin,
): Promise<PaymentGatewayAnswer> {
  return answerOf(definition, await store.save(untyped(definition), update, admin));
}
