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
  provider: ProviderSettings,
  readyLabel: string,
): { label: string; tone: string } {
  if (!provider.enabled) return { label: "Switched off", tone: "bg-stone-100 text-stone-700" };
  if (!provider.configured) return { label: "Not configured", tone: "bg-amber-100 text-amber-900" };
  return { label: readyLabel, tone: "bg-green-100 text-green-800" };
}

/** Where a value in force comes from, in words. */
function sourceNote(field: ProviderFieldAnswer): string {
  if (field.unreadable)
    return "Saved, but cannot be read (the encryption key changed): enter it again";
  if (field.source === "environment") return `From ${field.env ?? "the environment"}`;
  if (field.source === "saved") return "Saved here";
  return "";
}

/** What a secret says instead of its value. */
function secretState(field: ProviderFieldAnswer, clearing: boolean): string {
  if (clearing) return "Will be removed when you save";
  const note = sourceNote(field);
  return field.set ? `Set${note ? ` · ${note}` : ""}` : `Not set${note ? ` · ${note}` : ""}`;
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
            issue.message,
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

  const state = providerState(provider, readyLabel);
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
        aria-label={`${provider.name} settings`}
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
            ? secretState(field, Boolean(clearing[field.name]))
            : [field.hint, sourceNote(field)].filter(Boolean).join(" · ") || undefined;
          if (field.kind === "choice")
            return (
              <label key={field.name} htmlFor={id} className="block text-sm">
                <span className="font-medium text-stone-800">{field.label}</span>
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
                      {option}
                    </option>
                  ))}
                </select>
                {hint && <span className="mt-1 block text-xs text-stone-500">{hint}</span>}
                {errors[field.name] && (
                  <span role="alert" className="mt-1 block text-xs text-red-700">
                    {errors[field.name]}
                  </span>
                )}
              </label>
            );
          return (
            <div key={field.name} className="flex items-end gap-2">
              <TextField
                id={id}
                className="min-w-0 flex-1"
                label={field.label}
                hint={hint}
                error={errors[field.name]}
                type={secret ? "password" : "text"}
                inputMode={field.kind === "number" ? "decimal" : undefined}
                autoComplete={secret ? "new-password" : "off"}
                placeholder={secret ? (field.set ? "Type to replace" : "Not set") : undefined}
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
                  {clearing[field.name] ? "Keep" : "Remove"}
                  <span className="sr-only"> {field.label}</span>
                </Button>
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-stone-500">
            {provider.updatedAt
              ? `Saved ${formatDate(provider.updatedAt, true)}${provider.updatedBy ? ` by ${provider.updatedBy.name || provider.updatedBy.email}` : ""}`
              : "Never saved here"}
          </p>
          <Button type="submit" disabled={save.pending} data-testid={`${prefix}-save`}>
            {save.pending ? "Saving…" : `Save ${provider.name}`}
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
          Credentials cannot be saved on this server: SETTINGS_ENCRYPTION_KEY is not set. The
          environment&apos;s values are used; {stillSaved} can still be saved.
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
