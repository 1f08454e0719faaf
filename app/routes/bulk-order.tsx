import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { CheckCircle2, Shirt } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/bulk-order";
import { Button } from "~/components/ui/button";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/api-client";
import {
  checkWith,
  imageFileProblem,
  schemaOrNetworkError,
  serverFieldErrors,
} from "~/lib/form-validation";
import { LocalLink, metaI18n, useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { pageMeta } from "~/lib/seo";
import { formatNumber, toAsciiDigits } from "#contract/i18n";
import { MIN_BULK_QUANTITY, PRINT_TYPES, TSHIRT_SIZES } from "#contract/tshirt-order-status";
import { PRINT_TYPE_WORDS } from "#contract/status-words";
import { IMAGE_ACCEPT } from "#contract/images";

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  const title = i18n._("Bulk t-shirt orders — Tweest");
  const description = i18n._(
    "Custom printed t-shirts for teams, events and companies in Bangladesh: screen print, DTF or embroidery, from 10 pieces.",
  );
  return pageMeta(title, description);
}

const SIZES = TSHIRT_SIZES;

/**
 * The API's schema for the order (zod), fetched when the form is first touched or sent: zod stays
 * out of the page's first scripts.
 */
const loadOrderSchema = () =>
  import("#contract/schemas/tshirt-orders").then((schemas) => schemas.CreateTshirtOrderBody);
const prefetchOrderSchema = () => void loadOrderSchema().catch(() => undefined);
/** The print types with the contract's words in the page's language. */
const printTypes = (i18n: I18n) =>
  PRINT_TYPES.map((value) => ({ value, label: i18n._(PRINT_TYPE_WORDS[value]) }));

type Errors = Record<string, string>;

/** The request's text fields, in the order of the form (the first wrong one gets the focus). */
const FIELDS = [
  "name",
  "organization",
  "mobile",
  "email",
  "color",
  "printType",
  "quantity",
  "deadline",
  "notes",
] as const;

/** Bulk t-shirt request: multipart POST /api/tshirt-orders; quantity = sum of sizes, at least 10. */
export default function BulkOrder() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [counts, setCounts] = useState<Record<(typeof SIZES)[number], string>>({
    S: "",
    M: "",
    L: "",
    XL: "",
    XXL: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<
    { status: "idle" | "sending" | "sent" } | { status: "error"; message: string }
  >({
    status: "idle",
  });
  // A count typed on a Bangla keyboard (১০) is the same count.
  const count = (size: (typeof SIZES)[number]) => Number(toAsciiDigits(counts[size])) || 0;
  const quantity = SIZES.reduce((sum, size) => sum + count(size), 0);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sizes = Object.fromEntries(SIZES.map((size) => [size, count(size)]));
    const text = (name: string) => String(form.get(name) ?? "");
    // The API's own schema: its rules, its messages, and the mobile number normalised as it would.
    const schema = await schemaOrNetworkError(loadOrderSchema, (message) =>
      setState({ status: "error", message }),
    );
    if (!schema) return;
    const checked = checkWith(
      schema,
      { ...Object.fromEntries(FIELDS.map((name) => [name, text(name)])), sizes, quantity },
      FIELDS,
    );
    const found: Errors = checked.ok ? {} : { ...checked.errors };
    const design = form.get("design");
    if (design instanceof File && design.size === 0) form.delete("design");
    else if (design instanceof File) {
      const problem = imageFileProblem(design);
      if (problem) found.design = problem;
    }
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`bulk-${first === "root" ? "quantity" : first}`)?.focus();
      return;
    }
    form.set("mobile", checked.value.mobile);
    form.set("sizes", JSON.stringify(sizes));
    for (const size of SIZES) form.delete(`size-${size}`);
    form.set("quantity", String(quantity));
    setState({ status: "sending" });
    try {
      await api.tshirtOrders.create(form);
      setState({ status: "sent" });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, [...FIELDS, "sizes", "design"]);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      setState({ status: "error", message: errorMessage(error) });
    }
  }

  if (state.status === "sent") {
    return (
      <div className="mx-auto max-w-xl px-4 py-12 text-center" role="status">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="mt-2 text-2xl font-extrabold">{i18n._("Request received")}</h1>
        <p className="mt-2 text-stone-600">
          {i18n._("We will send you a quote within one working day.")}
        </p>
        <LocalLink to="/products" className="mt-6 inline-block text-brand-700 underline">
          {i18n._("Continue shopping")}
        </LocalLink>
      </div>
    );
  }

  // Messages (the API's schema, the server's answer) in the page's language.
  const errorOf = (key: string) => (errors[key] ? shopperMessage(i18n, errors[key]) : undefined);
  const err = (key: string) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `bulk-${key}-error` } : {};
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="flex items-center gap-2 text-2xl font-extrabold sm:text-3xl">
        <Shirt className="h-7 w-7 text-brand-600" aria-hidden="true" />{" "}
        {i18n._("Bulk t-shirt order")}
      </h1>
      <p className="mt-1 text-stone-600">
        {i18n._("For teams, events and companies — from {count} pieces. We reply with a quote.", {
          count: formatNumber(MIN_BULK_QUANTITY, locale),
        })}
      </p>
      <form
        onSubmit={onSubmit}
        onFocus={prefetchOrderSchema}
        noValidate
        encType="multipart/form-data"
        className="mt-6 space-y-6 rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
      >
        <fieldset className="grid gap-3 sm:grid-cols-2" disabled={state.status === "sending"}>
          <legend className="mb-2 text-lg font-bold">{i18n._("Contact")}</legend>
          <Field id="bulk-name" label={i18n._("Your name")} error={errorOf("name")}>
            <Input id="bulk-name" name="name" autoComplete="name" required {...err("name")} />
          </Field>
          <Field
            id="bulk-organization"
            label={i18n._("Organisation (optional)")}
            error={errorOf("organization")}
          >
            <Input id="bulk-organization" name="organization" autoComplete="organization" />
          </Field>
          <Field id="bulk-mobile" label={i18n._("Mobile number")} error={errorOf("mobile")}>
            <Input
              id="bulk-mobile"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="01712345678"
              required
              {...err("mobile")}
            />
          </Field>
          <Field id="bulk-email" label={i18n._("Email")} error={errorOf("email")}>
            <Input
              id="bulk-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              {...err("email")}
            />
          </Field>
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2" disabled={state.status === "sending"}>
          <legend className="mb-2 text-lg font-bold">{i18n._("T-shirts")}</legend>
          <Field id="bulk-color" label={i18n._("T-shirt colour")} error={errorOf("color")}>
            <Input
              id="bulk-color"
              name="color"
              placeholder={i18n._("e.g. Navy")}
              required
              {...err("color")}
            />
          </Field>
          <Field id="bulk-printType" label={i18n._("Print")} error={errorOf("printType")}>
            <NativeSelect id="bulk-printType" name="printType" defaultValue="SCREEN">
              {printTypes(i18n).map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="sm:col-span-2">
            <fieldset>
              <legend className="mb-1 text-sm font-medium">{i18n._("Pieces per size")}</legend>
              <div className="grid grid-cols-5 gap-2">
                {SIZES.map((size) => (
                  <div key={size}>
                    <label
                      htmlFor={`bulk-size-${size}`}
                      className="block text-center text-xs font-semibold"
                    >
                      {size}
                    </label>
                    <Input
                      id={`bulk-size-${size}`}
                      name={`size-${size}`}
                      // Text, not type=number: Chromium's number field drops digits typed on
                      // a Bangla keyboard (১০); the contract's numeric() reads them.
                      type="text"
                      inputMode="numeric"
                      value={counts[size]}
                      onChange={(event) => {
                        setCounts((current) => ({ ...current, [size]: event.target.value }));
                        // A changed count makes an earlier quantity message stale.
                        setErrors((current) => {
                          const next = { ...current };
                          delete next.quantity;
                          delete next.root;
                          return next;
                        });
                      }}
                      className="px-1 text-center"
                    />
                  </div>
                ))}
              </div>
            </fieldset>
            <p id="bulk-quantity" tabIndex={-1} className="mt-2 text-sm" aria-live="polite">
              {i18n._("Total:")} <span className="font-bold">{formatNumber(quantity, locale)}</span>{" "}
              {i18n._("pieces")}
              {quantity > 0 && quantity < MIN_BULK_QUANTITY && (
                <span className="text-stone-500">
                  {" "}
                  {i18n._("(minimum {count})", { count: formatNumber(MIN_BULK_QUANTITY, locale) })}
                </span>
              )}
            </p>
            {(errors.quantity ?? errors.root) && (
              <p id="bulk-quantity-error" role="alert" className="text-xs font-medium text-red-600">
                {errorOf("quantity") ?? errorOf("root")}
              </p>
            )}
          </div>
          <Field
            id="bulk-deadline"
            label={i18n._("Needed by (optional)")}
            error={errorOf("deadline")}
          >
            <Input id="bulk-deadline" name="deadline" type="date" />
          </Field>
          <Field
            id="bulk-design"
            label={i18n._("Design image (optional, up to 5 MB)")}
            error={errorOf("design")}
          >
            <Input
              id="bulk-design"
              name="design"
              type="file"
              accept={IMAGE_ACCEPT}
              className="py-1.5"
              {...err("design")}
            />
          </Field>
          <Field
            id="bulk-notes"
            label={i18n._("Notes")}
            error={errorOf("notes")}
            className="sm:col-span-2"
          >
            <Textarea
              id="bulk-notes"
              name="notes"
              maxLength={2000}
              placeholder={i18n._("Print position, logo size, delivery city…")}
            />
          </Field>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={state.status === "sending"}>
            {state.status === "sending" ? i18n._("Sending…") : i18n._("Request a quote")}
          </Button>
          {state.status === "error" && (
            <p role="alert" className="text-sm text-red-600">
              {shopperMessage(i18n, state.message)}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
