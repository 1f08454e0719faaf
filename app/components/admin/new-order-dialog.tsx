import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import { api, errorMessage, type Product } from "~/lib/admin-api-client";
import { DISTRICT_OPTIONS, type ThanaOption } from "~/lib/places";
import { STAFF_ORDER_SOURCES, type StaffOrderSource } from "#contract/order-sources";
import type { PaymentMethod } from "#contract/order-status";
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethod } from "#contract/payment-methods";
import {
  newIdempotencyKey,
  type ParsedContactAnswer,
  type StaffOrderAnswer,
  type StaffOrderBody,
  type StaffOrderLineBody,
} from "#contract/schemas/staff-orders";
import { PasteContact } from "./paste-contact";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { colorName } from "~/lib/i18n/color-names";
import { paymentMethodWord } from "~/lib/i18n/status-words";
import { formatCount, orderSourceLabel, serverText } from "./admin-i18n";
import { useStaffAccess } from "./staff-access";

/**
 * "New order": staff enter an order for a customer who ordered by phone, Messenger, Instagram,
 * WhatsApp or at the counter (docs/order-desk.md, "Orders from every channel"). The server applies
 * the checkout's rules and answers each refusal in words; the variant picker shows the stock as the
 * products list answers it now.
 */
export function NewOrderButton() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  if (!useStaffAccess().can("orders.create")) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" className="min-h-10" data-testid="new-order">
          <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._("New order")}
        </Button>
      </DialogTrigger>
      {open && (
        <DialogContent className="max-w-2xl" data-testid="new-order-dialog">
          <DialogTitle className="text-lg font-semibold">{i18n._("New order")}</DialogTitle>
          <DialogDescription className="text-sm text-stone-600">
            {i18n._(
              "For a customer who ordered by phone, Facebook, Instagram, WhatsApp or in the shop.",
            )}
          </DialogDescription>
          <NewOrderForm onCreated={() => void revalidator.revalidate()} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface Line extends StaffOrderLineBody {
  title: string;
}

const paymentLabels = (i18n: I18n): Record<PaymentMethod, string> => ({
  COD: i18n._("Cash on delivery"),
  ...(Object.fromEntries(
    ONLINE_PAYMENT_METHODS.map((method) => [
      method,
      i18n._("{gateway} (paid in full, link by SMS)", {
        gateway: paymentMethodWord(method, i18n),
      }),
    ]),
  ) as Record<OnlinePaymentMethod, string>),
});

function useThanaOptions(districtId: string): ThanaOption[] {
  const [thanas, setThanas] = useState<{ districtId: string; list: ThanaOption[] }>();
  useEffect(() => {
    if (!districtId) return;
    let live = true;
    api.locations
      .thanas(districtId)
      .then((answer) => live && setThanas({ districtId, list: answer.thanas }))
      .catch(() => live && setThanas({ districtId, list: [] }));
    return () => {
      live = false;
    };
  }, [districtId]);
  return thanas?.districtId === districtId ? thanas.list : [];
}

function NewOrderForm({ onCreated }: { onCreated: (order: StaffOrderAnswer) => void }) {
  const { i18n } = useLingui();
  const bangla = i18n.locale === "bn";
  // One key per fill of the form (it mounts when the dialog opens): pressing again after a lost
  // answer gets the order already made, never a second one (docs/order-desk.md).
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [source, setSource] = useState<StaffOrderSource>("phone");
  const [name, setName] = useState("");
  const [mobile, setMobile] = useState("");
  const [email, setEmail] = useState("");
  const [districtId, setDistrictId] = useState("");
  const [thanaId, setThanaId] = useState("");
  const [streetAddress, setStreetAddress] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("COD");
  const [advanceMethod, setAdvanceMethod] = useState<"" | OnlinePaymentMethod>("");
  const [phoneConfirmedByCall, setPhoneConfirmedByCall] = useState(false);
  const [phoneCode, setPhoneCode] = useState("");
  const [note, setNote] = useState("");
  const [result, setResult] = useState<{
    pending: boolean;
    error?: string;
    errors?: Record<string, string>;
    created?: StaffOrderAnswer;
  }>({ pending: false });
  const thanas = useThanaOptions(districtId);

  function fill(found: ParsedContactAnswer) {
    if (found.name) setName(found.name);
    if (found.mobile) setMobile(found.mobile);
    if (found.email) setEmail(found.email);
    if (found.districtId) setDistrictId(found.districtId);
    setThanaId(found.thanaId ?? "");
    if (found.streetAddress) setStreetAddress(found.streetAddress);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: StaffOrderBody = {
      idempotencyKey,
      source,
      customer: { name, mobile, ...(email ? { email } : {}) },
      address: { districtId, ...(thanaId ? { thanaId } : {}), streetAddress },
      lines: lines.map(({ title: _title, ...line }) => line),
      paymentMethod,
      ...(paymentMethod === "COD" && advanceMethod ? { advancePaymentMethod: advanceMethod } : {}),
      ...(phoneConfirmedByCall ? { phoneConfirmedByCall } : {}),
      ...(phoneCode ? { phoneCode } : {}),
      ...(note ? { note } : {}),
    };
    setResult({ pending: true });
    try {
      const created = await api.staffOrders.create(body);
      setResult({ pending: false, created });
      onCreated(created);
    } catch (error) {
      const fields = (error as { errors?: { path: string; message: string }[] }).errors ?? [];
      setResult({
        pending: false,
        error: serverText(errorMessage(error)),
        errors: Object.fromEntries(fields.map((field) => [field.path, serverText(field.message)])),
      });
    }
  }

  if (result.created)
    return (
      <div
        role="status"
        className="mt-4 rounded-md bg-green-50 p-4 text-sm text-green-800"
        data-testid="new-order-created"
      >
        <p className="font-semibold">
          {i18n._("Order {number} created.", { number: result.created.orderNumber })}
        </p>
        <p className="mt-1">
          {result.created.paymentRequested
            ? i18n._("The customer was sent an SMS with the link to pay online.")
            : result.created.orderStatus === "PENDING"
              ? i18n._("It awaits an online payment, but the SMS with the link could not be sent.")
              : i18n._("The customer was sent the usual order SMS.")}
        </p>
      </div>
    );

  const fieldError = (path: string) => result.errors?.[path];
  return (
    <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <PasteContact onFound={fill} />
      <Field id="order-source" label={i18n._("Ordered through")}>
        <NativeSelect
          id="order-source"
          value={source}
          onChange={(event) => setSource(event.target.value as StaffOrderSource)}
        >
          {STAFF_ORDER_SOURCES.map((value) => (
            <option key={value} value={value}>
              {orderSourceLabel(i18n, value)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="order-name" label={i18n._("Customer name")} error={fieldError("customer.name")}>
          <Input id="order-name" value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field id="order-mobile" label={i18n._("Mobile")} error={fieldError("customer.mobile")}>
          <Input
            id="order-mobile"
            type="tel"
            inputMode="tel"
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
          />
        </Field>
        <Field
          id="order-email"
          label={i18n._("Email (optional)")}
          error={fieldError("customer.email")}
        >
          <Input
            id="order-email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field
          id="order-district"
          label={i18n._("District")}
          error={fieldError("address.districtId")}
        >
          <NativeSelect
            id="order-district"
            value={districtId}
            onChange={(event) => {
              setDistrictId(event.target.value);
              setThanaId("");
            }}
          >
            <option value="">{i18n._("Choose…")}</option>
            {DISTRICT_OPTIONS.map((district) => (
              <option key={district.id} value={district.id}>
                {bangla
                  ? `${district.nameBn} (${district.name})`
                  : `${district.name} (${district.nameBn})`}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="order-thana"
          label={i18n._("Thana")}
          error={fieldError("shippingAddress.thanaId")}
        >
          <NativeSelect
            id="order-thana"
            value={thanaId}
            disabled={!districtId}
            onChange={(event) => setThanaId(event.target.value)}
          >
            <option value="">{i18n._("Choose…")}</option>
            {thanas.map((thana) => (
              <option key={thana.id} value={thana.id}>
                {bangla ? `${thana.nameBn} (${thana.name})` : `${thana.name} (${thana.nameBn})`}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="order-street"
          label={i18n._("Street address")}
          error={fieldError("address.streetAddress")}
        >
          <Input
            id="order-street"
            value={streetAddress}
            onChange={(event) => setStreetAddress(event.target.value)}
          />
        </Field>
      </div>

      <OrderLines lines={lines} onChange={setLines} error={fieldError("lines")} />

      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="order-payment" label={i18n._("Payment")}>
          <NativeSelect
            id="order-payment"
            value={paymentMethod}
            onChange={(event) => setPaymentMethod(event.target.value as PaymentMethod)}
          >
            {(Object.entries(paymentLabels(i18n)) as [PaymentMethod, string][]).map(
              ([method, label]) => (
                <option key={method} value={method}>
                  {label}
                </option>
              ),
            )}
          </NativeSelect>
        </Field>
        {paymentMethod === "COD" && (
          <Field
            id="order-advance"
            label={i18n._("Delivery charge in advance, if the rules ask")}
            error={fieldError("advancePaymentMethod")}
          >
            <NativeSelect
              id="order-advance"
              value={advanceMethod}
              onChange={(event) => setAdvanceMethod(event.target.value as typeof advanceMethod)}
            >
              <option value="">{i18n._("Not asked")}</option>
              {ONLINE_PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {i18n._("{gateway} (link by SMS)", { gateway: paymentMethodWord(method, i18n) })}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      </div>
      {paymentMethod === "COD" && (
        <div className="space-y-2 rounded-md bg-stone-50 p-3 text-sm">
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={phoneConfirmedByCall}
              onChange={(event) => setPhoneConfirmedByCall(event.target.checked)}
            />
            {i18n._("I spoke with the customer on this number and they confirmed the order")}
          </label>
          <Field
            id="order-phone-code"
            label={i18n._("Or the code the customer received by SMS")}
            error={fieldError("phoneCode")}
          >
            <Input
              id="order-phone-code"
              inputMode="numeric"
              autoComplete="off"
              value={phoneCode}
              onChange={(event) => setPhoneCode(event.target.value)}
            />
          </Field>
        </div>
      )}
      <Field id="order-note" label={i18n._("Note for the rider (optional)")}>
        <Textarea
          id="order-note"
          className="min-h-16"
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      {result.error && (
        <p
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm text-red-700"
          data-testid="new-order-error"
        >
          {result.error}
        </p>
      )}
      <Button type="submit" className="min-h-11 w-full sm:w-auto" disabled={result.pending}>
        {result.pending ? i18n._("Creating…") : i18n._("Create order")}
      </Button>
    </form>
  );
}

/** The order's lines: find a product, pick its colour and size (with its stock now), a quantity. */
function OrderLines({
  lines,
  onChange,
  error,
}: {
  lines: Line[];
  onChange: (lines: Line[]) => void;
  error?: string;
}) {
  const { i18n } = useLingui();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<Product[]>([]);
  const [productId, setProductId] = useState("");
  const [variantId, setVariantId] = useState("");
  const [quantity, setQuantity] = useState(1);
  const [status, setStatus] = useState("");

  async function find() {
    setStatus(i18n._("Searching…"));
    try {
      const answer = await api.admin.products({ search, limit: 20 });
      const products = (Array.isArray(answer) ? answer : answer.products).filter(
        (product) => product.isActive,
      );
      setFound(products);
      setProductId(products[0]?._id ?? "");
      setVariantId("");
      setStatus(products.length ? "" : i18n._("No product for sale matches."));
    } catch (failure) {
      setStatus(serverText(errorMessage(failure)));
    }
  }

  const product = found.find((entry) => entry._id === productId);
  const variant = product?.variants.find((entry) => entry._id === variantId);
  function add() {
    if (!product || !variant) return;
    onChange([
      ...lines,
      {
        productId: product._id,
        color: variant.color,
        size: variant.size,
        quantity,
        title: product.title,
      },
    ]);
    setVariantId("");
    setQuantity(1);
  }

  return (
    <fieldset className="space-y-2 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">{i18n._("Items")}</legend>
      {lines.length > 0 && (
        <ul className="divide-y divide-stone-100 text-sm" data-testid="new-order-lines">
          {lines.map((line, index) => (
            <li
              key={`${line.productId}-${line.color}-${line.size}-${index}`}
              className="flex items-center justify-between gap-2 py-1"
            >
              <span>
                {line.title} · {colorName(line.color, i18n)} / {line.size} ×{" "}
                {formatCount(line.quantity)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={i18n._("Remove {title} {color} / {size}", {
                  title: line.title,
                  color: colorName(line.color, i18n),
                  size: line.size,
                })}
                onClick={() => onChange(lines.filter((_, at) => at !== index))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          aria-label={i18n._("Find a product")}
          placeholder={i18n._("Find a product by name")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void find();
            }
          }}
        />
        <Button type="button" variant="outline" className="min-h-10" onClick={() => void find()}>
          {i18n._("Find")}
        </Button>
      </div>
      {status && <p className="text-sm text-stone-600">{status}</p>}
      {found.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_5rem_auto] sm:items-end">
          <Field id="order-product" label={i18n._("Product")}>
            <NativeSelect
              id="order-product"
              value={productId}
              onChange={(event) => {
                setProductId(event.target.value);
                setVariantId("");
              }}
            >
              {found.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.title}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="order-variant" label={i18n._("Colour / size")}>
            <NativeSelect
              id="order-variant"
              value={variantId}
              onChange={(event) => setVariantId(event.target.value)}
            >
              <option value="">{i18n._("Choose…")}</option>
              {product?.variants.map((entry) => (
                <option key={entry._id} value={entry._id} disabled={entry.stock <= 0}>
                  {colorName(entry.color, i18n)} / {entry.size} —{" "}
                  {entry.stock > 0
                    ? i18n._("{count} in stock", { count: formatCount(entry.stock) })
                    : i18n._("sold out")}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="order-quantity" label={i18n._("Qty")}>
            <Input
              id="order-quantity"
              type="number"
              min={1}
              max={variant ? Math.min(10, variant.stock) : 10}
              value={quantity}
              onChange={(event) => setQuantity(Math.max(1, Number(event.target.value) || 1))}
            />
          </Field>
          <Button type="button" className="min-h-10" disabled={!variant} onClick={add}>
            {i18n._("Add item")}
          </Button>
        </div>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
