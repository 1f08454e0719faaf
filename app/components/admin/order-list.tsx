/**
 * The orders list of the desk: each order with what it takes to judge it without opening it
 * (phone, district, items, total, status in words, the phone's risk badge and the shopper's note)
 * and a box to select it. One set of rows: a table from 768 px, a card per order below (the table's
 * head hidden, each row laid out as a card), so nothing is clipped on a phone and tests find one
 * row per order.
 */
import type { ReactNode } from "react";
import {
  ErrorNote,
  formatDate,
  Pagination,
  StatusBadge,
  TableSkeleton,
} from "~/components/admin/common";
import type { Paging } from "~/components/admin/list";
import { RiskBadge } from "~/components/admin/phone-history";
import type { AdminData } from "~/components/admin/common";
import type { AdminOrder } from "~/lib/admin-api-client";
import { findDistrict } from "#contract/locations";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { toLocale } from "#contract/i18n";
import { cityName } from "~/lib/i18n/city-names";
import { paymentMethodWord } from "~/lib/i18n/status-words";
import { formatCount, formatTaka, statusText } from "./admin-i18n";

function customerOf(order: AdminOrder): string {
  const address = order.shippingAddress;
  const name = [address?.firstName, address?.lastName].filter(Boolean).join(" ");
  return name || order.guest?.email || order.guest?.mobile || "—";
}

/** The district's name from its id, or the city as typed on orders placed before the lists. */
export function districtOf(order: AdminOrder): string {
  const address = order.shippingAddress;
  return findDistrict(address?.districtId ?? "")?.name ?? address?.city ?? "";
}

function PaymentNote({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui();
  return (
    <>
      {/* English keeps the code staff know (COD); Bangla says it in words. */}
      {i18n.locale === "en"
        ? order.paymentMethod
        : paymentMethodWord(order.paymentMethod, i18n)}{" "}
      {order.advanceDeliveryCharge && (
        <span className="text-xs text-stone-500">
          (
          {order.advanceDeliveryCharge.status === "PAID"
            ? i18n._("delivery charge paid online")
            : order.orderStatus === "PENDING"
              ? i18n._("delivery charge due online")
              : i18n._("delivery charge not paid: collect in full")}
          ){" "}
        </span>
      )}
      {order.paymentDetails?.status && (
        <span className="text-xs text-stone-500">
          ({statusText(i18n, order.paymentDetails.status)})
        </span>
      )}
    </>
  );
}

const heads = (i18n: I18n) => [
  i18n._("Order"),
  i18n._("Customer"),
  i18n._("Place"),
  i18n._("Items"),
  i18n._("Payment"),
  i18n._("Status"),
  i18n._("Total"),
];

export function OrderList({
  list,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  onPage,
}: {
  list: AdminData<unknown> & Paging & { rows: AdminOrder[]; page: number };
  selected: ReadonlySet<string>;
  onToggle: (orderId: string) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (order: AdminOrder) => void;
  onPage: (page: number) => void;
}) {
  const { i18n } = useLingui();
  const columns = heads(i18n);
  const allShown = list.rows.length > 0 && list.rows.every((order) => selected.has(order._id));
  return (
    <>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {list.loading && !list.data ? (
        <TableSkeleton />
      ) : (
        <div className="rounded-lg border border-stone-200 bg-white md:overflow-x-auto">
          {/* On a phone the table's head is hidden: the page's box sits above the cards. */}
          {list.rows.length > 0 && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 border-b border-stone-100 bg-stone-50 px-3.5 text-sm font-medium md:hidden">
              <SelectShownBox checked={allShown} onToggleAll={onToggleAll} />
              {i18n._("Select the orders shown")}
            </label>
          )}
          <table className="w-full text-left text-sm md:min-w-[880px]">
            <thead className="max-md:sr-only">
              <tr className="border-b border-stone-100 bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase [&_th]:px-3 [&_th]:py-2">
                <th className="w-10">
                  <SelectShownBox
                    checked={allShown}
                    onToggleAll={onToggleAll}
                    className="max-md:hidden"
                    label={i18n._("Select the orders shown")}
                  />
                </th>
                {columns.map((head, index) => (
                  <th
                    key={head}
                    className={index === columns.length - 1 ? "text-right" : undefined}
                  >
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {list.rows.length === 0 && (
                <tr className="max-md:block">
                  <td
                    colSpan={columns.length + 1}
                    className="px-3 py-6 text-center text-stone-500 max-md:block"
                  >
                    {i18n._("No orders match.")}
                  </td>
                </tr>
              )}
              {list.rows.map((order) => (
                <OrderRow
                  key={order._id}
                  order={order}
                  selected={selected.has(order._id)}
                  onToggle={() => onToggle(order._id)}
                  onOpen={() => onOpen(order)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        total={list.total}
        onPage={onPage}
      />
    </>
  );
}

/** The box that selects every order the page shows (named by its label, or by `label`). */
function SelectShownBox({
  checked,
  onToggleAll,
  className,
  label,
}: {
  checked: boolean;
  onToggleAll: (select: boolean) => void;
  className?: string;
  label?: string;
}) {
  return (
    <input
      type="checkbox"
      className={`h-5 w-5 ${className ?? ""}`}
      aria-label={label}
      checked={checked}
      onChange={(event) => onToggleAll(event.target.checked)}
    />
  );
}

/** A cell: a table cell from 768 px, a block of the card below. */
function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <td className={`px-3 py-2 align-top max-md:block max-md:px-0 max-md:py-0.5 ${className ?? ""}`}>
      {children}
    </td>
  );
}

function OrderRow({
  order,
  selected,
  onToggle,
  onOpen,
}: {
  order: AdminOrder;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { i18n } = useLingui();
  const number = order.orderNumber ?? order._id.slice(-6);
  const mobile = order.deliveryPhone ?? order.shippingAddress?.mobile;
  return (
    <tr
      data-testid="order-row"
      data-selected={selected || undefined}
      className="cursor-pointer border-b border-stone-100 hover:bg-stone-50 max-md:relative max-md:block max-md:py-3 max-md:pr-3 max-md:pl-14"
      onClick={onOpen}
    >
      <td
        className="w-10 px-3 py-2 align-top max-md:absolute max-md:top-2 max-md:left-1 max-md:p-0"
        onClick={(event) => event.stopPropagation()}
      >
        {/* A 44 px target on a phone: the label around the box takes the tap. */}
        <label className="flex h-11 w-11 cursor-pointer items-center justify-center md:h-auto md:w-auto">
          <input
            type="checkbox"
            className="h-5 w-5"
            aria-label={i18n._("Select order #{number}", { number })}
            checked={selected}
            onChange={onToggle}
          />
        </label>
      </td>
      <Cell>
        <button
          type="button"
          className="min-h-11 font-medium whitespace-nowrap text-brand-700 hover:underline md:min-h-0"
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          #{number}
        </button>
        <span className="block text-xs text-stone-500">{formatDate(order.createdAt, true)}</span>
      </Cell>
      <Cell>
        <span className="font-medium">{customerOf(order)}</span>
        {mobile && (
          <span className="block font-mono text-xs" data-testid="order-phone">
            {mobile}
          </span>
        )}
        {order.riskLevel && <RiskBadge level={order.riskLevel} />}
      </Cell>
      <Cell>
        <span data-testid="order-district">
          {cityName(districtOf(order), toLocale(i18n.locale))}
        </span>
      </Cell>
      <Cell>
        <span data-testid="order-items">
          {order.totalItem === 1
            ? i18n._("{number} item", { number: formatCount(1) })
            : i18n._("{number} items", { number: formatCount(order.totalItem) })}
        </span>
      </Cell>
      <Cell className="max-md:text-xs max-md:text-stone-600">
        <PaymentNote order={order} />
      </Cell>
      <Cell>
        <StatusBadge status={order.orderStatus} />
        {order.note?.trim() && (
          <span
            className="mt-1 block max-w-64 text-xs text-amber-900 max-md:max-w-none md:line-clamp-2"
            data-testid="order-row-note"
            title={order.note}
          >
            {i18n._("Note: {note}", { note: order.note })}
          </span>
        )}
      </Cell>
      <Cell className="font-semibold tabular-nums md:text-right">
        {formatTaka(order.totalDiscountedPrice ?? order.totalPrice)}
      </Cell>
    </tr>
  );
}
