import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useAdminAction } from "~/components/admin/admin-action";
import {
  ErrorNote,
  formatDate,
  PageHeader,
  Panel,
  TableSkeleton,
  type AdminData,
} from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ProviderFieldAnswer } from "#contract/provider-settings";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { serverText } from "./admin-i18n";

/**
 * The settings form every provider shares (docs/couriers.md, "Configuration"; docs/payments.md,
 * "A gateway's settings"). The fields come from the server's answer, so a provider's new field
 * appears here.
 */
interface ProviderSettings {
  id: string;
  name: string;
  enabled: boolean;
  configured: boolean;
  version: number;
  updatedAt: string | null;
  updatedBy: { name: string; email: string } | null;
  fields: ProviderFieldAnswer[];
}

function providerState(
  i18n: I18n,
  provider: ProviderSettings,
  readyLabel: string,
): { label: string; tone: string } {
  if (!provider.enabled)
    return { label: i18n._("Switched off"), tone: "bg-stone-100 text-stone-700" };
  if (!provider.configured)
    return { label: i18n._("Not configured"), tone: "bg-amber-100 text-amber-900" };
  return { label: readyLabel, tone: "bg-green-100 text-green-800" };
}

/**
 * A field's label, hint or choice as the server declares it (server/couriers, server/payments),
 * in the back office's language; a text this list does not know yet is shown as written.
 */
function fieldText(i18n: I18n, text: string): string {
  const texts: Record<string, string> = {
    "Client ID": i18n._("Client ID"),
    "Client secret": i18n._("Client secret"),
    "Merchant login email": i18n._("Merchant login email"),
    "Merchant password": i18n._("Merchant password"),
    "Store id": i18n._("Store id"),
    "The pickup store's id in Pathao's panel": i18n._("The pickup store's id in Pathao's panel"),
    "Weight of one item (kg)": i18n._("Weight of one item (kg)"),
    "Unset: 0.3 kg. A parcel weighs this times its items (0.5-10 kg).": i18n._(
      "Unset: 0.3 kg. A parcel weighs this times its items (0.5-10 kg).",
    ),
    "API token": i18n._("API token"),
    "Pickup store id": i18n._("Pickup store id"),
    "From RedX's pickup stores; unset: the account's default store": i18n._(
      "From RedX's pickup stores; unset: the account's default store",
    ),
    "API key": i18n._("API key"),
    "Secret key": i18n._("Secret key"),
    Mode: i18n._("Mode"),
    "Sandbox takes test payments only; live takes real money": i18n._(
      "Sandbox takes test payments only; live takes real money",
    ),
    sandbox: i18n._("sandbox"),
    live: i18n._("live"),
    "App key": i18n._("App key"),
    "App secret": i18n._("App secret"),
    Username: i18n._("Username"),
    Password: i18n._("Password"),
    "Store ID": i18n._("Store ID"),
    "Store password": i18n._("Store password"),
    "Merchant ID": i18n._("Merchant ID"),
    "Merchant private key": i18n._("Merchant private key"),
    "PEM or its base64 body": i18n._("PEM or its base64 body"),
    "Nagad public key": i18n._("Nagad public key"),
    "PEM or its base64 body, from Nagad's merchant onboarding": i18n._(
      "PEM or its base64 body, from Nagad's merchant onboarding",
    ),
  };
  return texts[text] ?? serverText(text);
}

/** Where a value in force comes from, in words. */
function sourceNote(i18n: I18n, field: ProviderFieldAnswer): string {
  if (field.unreadable)
    return i18n._("Saved, but cannot be read (the encryption key changed): enter it again");
  if (field.source === "environment")
    return field.env
      ? i18n._("From {variable}", { variable: field.env })
      : i18n._("From the environment");
  if (field.source === "saved") return i18n._("Saved here");
  return "";
}

/** What a secret says instead of its value. */
function secretState(i18n: I18n, field: ProviderFieldAnswer, clearing: boolean): string {
  if (clearing) return i18n._("Will be removed when you save");
  const note = sourceNote(i18n, field);
  const state = field.set ? i18n._("Set") : i18n._("Not set");
  return note ? `${state} · ${note}` : state;
}

/** The form's text per field: secrets start empty (typing one replaces it), others hold their value. */
const initialValues = (provider: ProviderSettings) =>
  Object.fromEntries(
    provider.fields.map((field) => [
      field.name,
      field.kind === "secret" || field.value === null || field.value === undefined
        ? ""
        : String(field.value),
    ]),
  );

/** Typed text as the API takes it: a number field's digits as a number, empty as "clear". */
function typedValue(field: ProviderFieldAnswer, text: string): string | number | null {
  const trimmed = text.trim();
  if (field.kind !== "number") return trimmed;
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * One provider's form (a provider, a payment gateway): its switch and a field per declaration
 * (secrets only ever shown as set / not set; typing one replaces it). Saving submits the intent
 * "save" with the provider's id and its update to the screen's clientAction.
 */
export function ProviderSettingsForm({
  provider,
  testIdPrefix,
  switchLabel,
  readyLabel,
  emptyNote,
}: {
  provider: ProviderSettings;
  /** `courier` gives `courier-steadfast-form`, `courier-steadfast-apiKey`... */
  testIdPrefix: string;
  switchLabel: string;
  readyLabel: string;
  /** Shown for a provider without settings. */
  emptyNote?: ReactNode;
}) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(() => initialValues(provider));
  const [clearing, setClearing] = useState<Record<string, boolean>>({});
  const [enabled, setEnabled] = useState(provider.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminAction({
    onSuccess: () => {
      setClearing({});
      setErrors({});
    },
    onFailure: (result) =>
      setErrors(
        Object.fromEntries(
          result.errors.map((issue) => [
            String(issue.path).replace(/^fields\./, ""),
            serverText(issue.message),
          ]),
        ),
      ),
  });
  // This provider's saved state changed (the screen loads again after a save): typed secrets are
  // forgotten. Another provider's save leaves this form as typed.
  const saved = JSON.stringify(provider);
  useEffect(() => {
    const current = JSON.parse(saved) as ProviderSettings;
    setValues(initialValues(current));
    setEnabled(current.enabled);
  }, [saved]);

  const state = providerState(i18n, provider, readyLabel);
  const prefix = `${testIdPrefix}-${provider.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const fields: Record<string, string | number | null> = {};
    for (const field of provider.fields) {
      if (clearing[field.name]) fields[field.name] = null;
      else if (field.kind === "secret") {
        // Left empty: the stored secret stays.
        if (values[field.name]?.trim()) fields[field.name] = values[field.name]!.trim();
      } else fields[field.name] = typedValue(field, values[field.name] ?? "");
    }
    const update = {
      enabled,
      version: provider.version,
      ...(provider.fields.length > 0 ? { fields } : {}),
    };
    void save.submit("save", { id: provider.id, body: update });
  }

  return (
    <Panel
      title={provider.name}
      actions={
        <span
          className={cn("rounded-full px-2 py-0.5 text-xs font-medium", state.tone)}
          data-testid={`${prefix}-state`}
        >
          {state.label}
        </span>
      }
    >
      <form
        onSubmit={submit}
        className="space-y-3"
        aria-label={i18n._("{name} settings", { name: provider.name })}
        data-testid={`${prefix}-form`}
        noValidate
      >
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            role="switch"
            className="h-5 w-5 accent-current"
            checked={enabled}
            aria-checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
            data-testid={`${prefix}-enabled`}
          />
          {switchLabel}
        </label>
        {provider.fields.length === 0 && emptyNote && (
          <p className="text-sm text-stone-600">{emptyNote}</p>
        )}
        {provider.fields.map((field) => {
          const id = `${prefix}-${field.name}`;
          const secret = field.kind === "secret";
          const hint = secret
            ? secretState(i18n, field, Boolean(clearing[field.name]))
            : [field.hint && fieldText(i18n, field.hint), sourceNote(i18n, field)]
                .filter(Boolean)
                .join(" · ") || undefined;
          const label = fieldText(i18n, field.label);
          if (field.kind === "choice")
            return (
              <label key={field.name} htmlFor={id} className="block text-sm">
                <span className="font-medium text-stone-800">{label}</span>
                <select
                  id={id}
                  className="mt-1 block h-10 w-full rounded-md border border-stone-300 bg-white px-2"
                  value={values[field.name] ?? ""}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.name]: event.target.value }))
                  }
                >
                  {(field.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {fieldText(i18n, option)}
                    </option>
                  ))}
                </select>
                {hint && <span className="mt-1 block text-xs text-stone-500">{hint}</span>}
                {errors[field.name] && (
                  <span role="alert" className="mt-1 block text-xs text-red-700">
                    {serverText(errors[field.name])}
                  </span>
                )}
              </label>
            );
          return (
            <div key={field.name} className="flex items-end gap-2">
              <TextField
                id={id}
                className="min-w-0 flex-1"
                label={label}
                hint={hint}
                error={errors[field.name]}
                type={secret ? "password" : "text"}
                inputMode={field.kind === "number" ? "decimal" : undefined}
                autoComplete={secret ? "new-password" : "off"}
                placeholder={
                  secret ? (field.set ? i18n._("Type to replace") : i18n._("Not set")) : undefined
                }
                disabled={Boolean(clearing[field.name])}
                value={values[field.name] ?? ""}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.name]: event.target.value }))
                }
              />
              {secret && (field.set || field.unreadable) && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className={cn("mb-5", clearing[field.name] && "border-red-300 text-red-700")}
                  aria-pressed={Boolean(clearing[field.name])}
                  onClick={() =>
                    setClearing((current) => ({ ...current, [field.name]: !current[field.name] }))
                  }
                >
                  {clearing[field.name] ? i18n._("Keep") : i18n._("Remove")}
                  <span className="sr-only"> {label}</span>
                </Button>
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-stone-500">
            {provider.updatedAt
              ? provider.updatedBy
                ? i18n._("Saved {date} by {who}", {
                    date: formatDate(provider.updatedAt, true),
                    who: provider.updatedBy.name || provider.updatedBy.email,
                  })
                : i18n._("Saved {date}", { date: formatDate(provider.updatedAt, true) })
              : i18n._("Never saved here")}
          </p>
          <Button type="submit" disabled={save.pending} data-testid={`${prefix}-save`}>
            {save.pending ? i18n._("Saving…") : i18n._("Save {name}", { name: provider.name })}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/**
 * A providers' screen (couriers, payment gateways): its header, the notice when this server cannot
 * store credentials, a skeleton while loading, then one form per provider.
 */
export function ProviderSettingsPage<Answer extends { canStoreSecrets: boolean }>({
  title,
  description,
  loaded,
  stillSaved,
  children,
}: {
  title: string;
  description: string;
  loaded: AdminData<Answer>;
  /** What can be saved without an encryption key ("defaults and switches"). */
  stillSaved: string;
  children: (answer: Answer) => ReactNode;
}) {
  const { i18n } = useLingui();
  const answer = loaded.data;
  return (
    <div>
      <PageHeader title={title} description={description} />
      {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
      {answer && !answer.canStoreSecrets && (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {i18n._(
            "Credentials cannot be saved on this server: {variable} is not set. The environment's values are used; {stillSaved} can still be saved.",
            { variable: "SETTINGS_ENCRYPTION_KEY", stillSaved },
          )}
        </p>
      )}
      {!answer ? (
        loaded.loading && <TableSkeleton rows={4} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">{children(answer)}</div>
      )}
    </div>
  );
}
