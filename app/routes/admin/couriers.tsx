import { useEffect, useState, type FormEvent } from "react";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Panel,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { api } from "~/lib/admin-api-client";
import { cn } from "~/lib/utils";
import {
  COURIER_IDS,
  COURIER_NAMES,
  CourierSettingsUpdate,
  type CourierAnswer,
  type CourierFieldAnswer,
} from "#contract/couriers";
import type { Route } from "./+types/couriers";

/**
 * The couriers' settings (docs/couriers.md, "Configuration"): one form per courier with its
 * credentials (secrets only ever shown as set / not set; typing one replaces it), its defaults and
 * its switch. The fields come from the server's answer, so a courier's new field appears here.
 */
export function meta() {
  return [{ title: "Couriers — Tweest admin" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { couriers: await loadForAdmin(request, () => api.admin.couriers()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  const courier = COURIER_IDS.find((known) => known === id);
  if (intent !== "save" || !courier) return unknownIntent(intent);
  return runAdminAction(
    () => api.admin.saveCourier(courier, parseSubmitted(CourierSettingsUpdate, body)),
    `${COURIER_NAMES[courier]} saved`,
  );
}

export default function AdminCouriers({ loaderData }: Route.ComponentProps) {
  const loaded = useLoadedData(loaderData.couriers);
  const answer = loaded.data;
  return (
    <div>
      <PageHeader
        title="Couriers"
        description="Each courier's credentials and defaults. Saved credentials are encrypted and never shown again; type a new value to replace one."
      />
      {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
      {answer && !answer.canStoreSecrets && (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Credentials cannot be saved on this server: SETTINGS_ENCRYPTION_KEY is not set. The
          environment's values are used; defaults and switches can still be saved.
        </p>
      )}
      {!answer ? (
        loaded.loading && <TableSkeleton rows={4} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {answer.couriers.map((courier) => (
            <CourierForm key={courier.id} courier={courier} />
          ))}
        </div>
      )}
    </div>
  );
}

function courierState(courier: CourierAnswer): { label: string; tone: string } {
  if (!courier.enabled) return { label: "Switched off", tone: "bg-stone-100 text-stone-700" };
  if (!courier.configured) return { label: "Not configured", tone: "bg-amber-100 text-amber-900" };
  return { label: "Ready to book", tone: "bg-green-100 text-green-800" };
}

/** Where a value in force comes from, in words. */
function sourceNote(field: CourierFieldAnswer): string {
  if (field.unreadable)
    return "Saved, but cannot be read (the encryption key changed): enter it again";
  if (field.source === "environment") return `From ${field.env ?? "the environment"}`;
  if (field.source === "saved") return "Saved here";
  return "";
}

/** What a secret says instead of its value. */
function secretState(field: CourierFieldAnswer, clearing: boolean): string {
  if (clearing) return "Will be removed when you save";
  const note = sourceNote(field);
  return field.set ? `Set${note ? ` · ${note}` : ""}` : `Not set${note ? ` · ${note}` : ""}`;
}

/** The form's text per field: secrets start empty (typing one replaces it), others hold their value. */
const initialValues = (courier: CourierAnswer) =>
  Object.fromEntries(
    courier.fields.map((field) => [
      field.name,
      field.kind === "secret" || field.value === null || field.value === undefined
        ? ""
        : String(field.value),
    ]),
  );

/** Typed text as the API takes it: a number field's digits as a number, empty as "clear". */
function typedValue(field: CourierFieldAnswer, text: string): string | number | null {
  const trimmed = text.trim();
  if (field.kind !== "number") return trimmed;
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function CourierForm({ courier }: { courier: CourierAnswer }) {
  const [values, setValues] = useState(() => initialValues(courier));
  const [clearing, setClearing] = useState<Record<string, boolean>>({});
  const [enabled, setEnabled] = useState(courier.enabled);
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
  // This courier's saved state changed (the screen loads again after a save): typed secrets are
  // forgotten. Another courier's save leaves this form as typed.
  const saved = JSON.stringify(courier);
  useEffect(() => {
    const current = JSON.parse(saved) as CourierAnswer;
    setValues(initialValues(current));
    setEnabled(current.enabled);
  }, [saved]);

  const state = courierState(courier);
  const prefix = `courier-${courier.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const fields: Record<string, string | number | null> = {};
    for (const field of courier.fields) {
      if (clearing[field.name]) fields[field.name] = null;
      else if (field.kind === "secret") {
        // Left empty: the stored secret stays.
        if (values[field.name]?.trim()) fields[field.name] = values[field.name]!.trim();
      } else fields[field.name] = typedValue(field, values[field.name] ?? "");
    }
    const update = { enabled, ...(courier.fields.length > 0 ? { fields } : {}) };
    void save.submit("save", { id: courier.id, body: update });
  }

  return (
    <Panel
      title={courier.name}
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
        aria-label={`${courier.name} settings`}
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
          Offer {courier.name} for bookings
        </label>
        {courier.fields.length === 0 && (
          <p className="text-sm text-stone-600">
            Nothing to sign in to: the owner types the courier&apos;s name and tracking number when
            shipping.
          </p>
        )}
        {courier.fields.map((field) => {
          const id = `${prefix}-${field.name}`;
          const secret = field.kind === "secret";
          const hint = secret
            ? secretState(field, Boolean(clearing[field.name]))
            : [field.hint, sourceNote(field)].filter(Boolean).join(" · ") || undefined;
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
            {courier.updatedAt
              ? `Saved ${formatDate(courier.updatedAt, true)}${courier.updatedBy ? ` by ${courier.updatedBy.name || courier.updatedBy.email}` : ""}`
              : "Never saved here"}
          </p>
          <Button type="submit" disabled={save.pending} data-testid={`${prefix}-save`}>
            {save.pending ? "Saving…" : `Save ${courier.name}`}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
