import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/components/admin/common";
import { api, errorMessage, type AdminOrder } from "~/lib/admin-api-client";
import type { AdminRefundAnswer, RefundFiguresAnswer, RefundMethod } from "#contract/refunds";
import { newIdempotencyKey } from "#contract/schemas/staff-orders";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { paymentMethodWord } from "~/lib/i18n/status-words";
import { formatTaka, serverText } from "./admin-i18n";

const STATUS_STYLE: Record<AdminRefundAnswer["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  completed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

/** A refund's state as a word ("completed" / "সম্পন্ন"). */
const refundStatusWord = (i18n: I18n, status: AdminRefundAnswer["status"]) =>
  ({
    pending: i18n._("pending"),
    completed: i18n._("completed"),
    failed: i18n._("failed"),
  })[status];

function RefundRow({ refund }: { refund: AdminRefundAnswer }) {
  const { i18n } = useLingui();
  return (
    <li className="rounded-md border border-stone-200 px-3 py-2 text-sm" data-testid="refund">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{formatTaka(refund.amount)}</span>
        <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[refund.status]}`}>
          {refundStatusWord(i18n, refund.status)}
        </span>
        <span className="text-stone-600">
          {refund.method === "manual"
            ? `${i18n._("by hand")} · ${refund.reference ?? ""}`
            : `${refund.gateway ? paymentMethodWord(refund.gateway, i18n) : i18n._("gateway")}${refund.gatewayRef ? ` · ${refund.gatewayRef}` : ""}`}
        </span>
      </div>
      <div className="mt-1 text-stone-600">
        {i18n._("{date} by {who}", {
          date: formatDate(refund.at, true),
          who: refund.by.replace(/^admin:/, ""),
        })}{" "}
        · {refund.reason}
      </div>
      {refund.failure && <div className="mt-1 text-red-700">{serverText(refund.failure)}</div>}
    </li>
  );
}

/**
 * The order dialog's refunds (docs/payments.md, "Refunds"): the list, what is left, and the form.
 * Each fill of the form carries its own key, so a double tap or a retry makes one refund.
 */
export function RefundsPanel({
  order,
  onChanged,
}: {
  order: AdminOrder;
  onChanged: (order: AdminOrder) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [loaded, setLoaded] = useState<{
    refunds: AdminRefundAnswer[];
    figures: RefundFiguresAnswer;
  } | null>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [method, setMethod] = useState<RefundMethod>("gateway");
  const [reference, setReference] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const [state, setState] = useState<{ pending: boolean; error?: string; note?: string }>({
    pending: false,
  });

  const load = useCallback(
    () =>
      api.refunds
        .list(order._id)
        .then(setLoaded)
        .catch((error: unknown) =>
          setState({ pending: false, error: serverText(errorMessage(error)) }),
        ),
    [order._id],
  );
  useEffect(() => void load(), [load]);

  if (!loaded) return null;
  const { figures, refunds } = loaded;
  const paid = figures.paidOnline + figures.paidOtherwise;
  if (paid === 0 && refunds.length === 0) return null;
  const online = figures.gateway !== null;
  const chosen: RefundMethod = online ? method : "manual";
  const left = chosen === "gateway" ? figures.refundableOnline : figures.refundable;

  async function submit() {
    setState({ pending: true });
    try {
      const made = await api.refunds.create(order._id, {
        idempotencyKey: key,
        amount: Number(amount),
        reason,
        method: chosen,
        ...(chosen === "manual" ? { reference } : {}),
      });
      setKey(newIdempotencyKey());
      setAmount("");
      setReason("");
      setReference("");
      setState({
        pending: false,
        note:
          made.refund.status === "failed"
            ? i18n._("The refund failed: {reason}", {
                reason: made.refund.failure
                  ? serverText(made.refund.failure)
                  : i18n._("the gateway refused it"),
              })
            : i18n._("Refund of {amount} {status}", {
                amount: formatTaka(made.refund.amount),
                status: refundStatusWord(i18n, made.refund.status),
              }),
      });
      onChanged(made.order);
      await load();
    } catch (error) {
      setState({ pending: false, error: serverText(errorMessage(error)) });
    }
  }

  return (
    <section
      className="mt-4 rounded-md border border-stone-200 p-3"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {i18n._("Refunds")}
      </h3>
      <p className="mt-1 text-sm text-stone-600" data-testid="refund-figures">
        {i18n._("Paid {paid} · refunded {refunded}", {
          paid: formatTaka(paid),
          refunded: formatTaka(figures.refunded),
        })}
        {figures.pending > 0 &&
          ` · ${i18n._("pending {amount}", { amount: formatTaka(figures.pending) })}`}
        {` · ${i18n._("left {amount}", { amount: formatTaka(figures.refundable) })}`}
        {order.refundBy && (
          <>
            {" "}
            · {i18n._("refund by")} <strong>{formatDate(order.refundBy)}</strong>
          </>
        )}
      </p>
      {refunds.length > 0 && (
        <ul className="mt-2 space-y-2" data-testid="refund-list">
          {refunds.map((refund) => (
            <RefundRow key={refund.id} refund={refund} />
          ))}
        </ul>
      )}
      {figures.refundable > 0 && (
        <form
          className="mt-3 grid gap-2 text-sm sm:grid-cols-2"
          data-testid="refund-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {online && (
            <label className="grid gap-1">
              <span>{i18n._("Refund through")}</span>
              <select
                className="h-10 rounded-md border border-stone-300 bg-white px-2"
                value={chosen}
                onChange={(event) => setMethod(event.target.value as RefundMethod)}
              >
                <option value="gateway">{paymentMethodWord(figures.gateway!, i18n)}</option>
                <option value="manual">{i18n._("By hand (cash, transfer)")}</option>
              </select>
            </label>
          )}
          <label className="grid gap-1">
            <span>{i18n._("Amount (at most {amount})", { amount: formatTaka(left) })}</span>
            <Input
              inputMode="decimal"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <label className="grid gap-1 sm:col-span-2">
            <span>{i18n._("Reason")}</span>
            <Input
              required
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          {chosen === "manual" && (
            <label className="grid gap-1 sm:col-span-2">
              <span>{i18n._("Reference (transfer id, receipt)")}</span>
              <Input
                required
                maxLength={100}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </label>
          )}
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <Button type="submit" className="min-h-10" disabled={state.pending || left <= 0}>
              {state.pending ? i18n._("Refunding…") : i18n._("Refund")}
            </Button>
            <p role="status" className="text-sm text-stone-700" data-testid="refund-status">
              {state.error ?? state.note}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
