/**
 * The printed documents of an order (docs/printing.md): the invoice, the packing slip (no prices)
 * and the 4x6 inch courier label, laid out from the server's answer
 * (`GET /api/admin/orders/documents`): the codes come drawn as SVG, the figures computed. The
 * print page shows many of them, one per page; the order dialog shows one invoice.
 */
import type { CSSProperties, ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { PaymentParts } from "~/components/order/payment-parts";
import { api, type AdminOrder } from "~/lib/admin-api-client";
import { colorName } from "~/lib/i18n/color-names";
import { paymentMethodWord } from "~/lib/i18n/status-words";
import type {
  DocumentKind,
  OrderDocument,
  OrderDocumentsAnswer,
  PaperSize,
} from "#contract/schemas/order-documents";
import { formatCount, formatTaka } from "./admin-i18n";
import { ErrorNote, formatDate, TableSkeleton, useAdminData } from "./common";
import "./order-documents.css";

type Shop = OrderDocumentsAnswer["shop"];

/** Lines a label lists before "and N more" (the label is one page, whatever the order holds). */
const LABEL_LINES = 4;

const documentTitle = (i18n: I18n, kind: DocumentKind) =>
  ({
    invoice: i18n._("Invoice"),
    "packing-slip": i18n._("Packing slip"),
    label: i18n._("Courier label"),
  })[kind];

const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The shop's mark (the favicon's "T") drawn in outline: a thermal printer burns no black block. */
function ShopMark() {
  return (
    <svg className="doc-logo" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="1" y="1" width="30" height="30" rx="6" fill="none" stroke="#000" strokeWidth="2" />
      <path d="M8 9h16v4h-6v12h-4V13H8z" fill="#000" />
    </svg>
  );
}

function ShopHeading({ shop, small }: { shop: Shop; small?: boolean }) {
  return (
    <div className="doc-shop" data-testid="doc-shop">
      <ShopMark />
      <div>
        <p className="doc-shop-name">{shop.name}</p>
        <div className={small ? "doc-small" : undefined} translate="no">
          {shop.address && <p>{shop.address}</p>}
          {shop.phone && <p>{shop.phone}</p>}
        </div>
      </div>
    </div>
  );
}

function OrderBarcode({ document }: { document: OrderDocument }) {
  const { i18n } = useLingui();
  return (
    <div className="doc-barcode" style={{ "--modules": document.barcode.modules } as CSSProperties}>
      <img
        src={svgImage(document.barcode.svg)}
        alt={i18n._("Code 128: {number}", { number: document.orderNumber })}
        data-testid="doc-barcode"
      />
      <p className="doc-barcode-text" translate="no">
        {document.orderNumber}
      </p>
    </div>
  );
}

function TrackingQr({ document }: { document: OrderDocument }) {
  const { i18n } = useLingui();
  return (
    <div className="doc-qr">
      <img
        src={svgImage(document.tracking.qrSvg)}
        alt={i18n._("QR code: {url}", { url: document.tracking.url })}
        data-testid="doc-qr"
      />
      <p className="doc-small">{i18n._("Scan to track")}</p>
    </div>
  );
}

/** The address in the shopper's language (`lang` lets the browser pick the Bangla font's shaping). */
function DeliverTo({ document }: { document: OrderDocument }) {
  const { deliverTo } = document;
  return (
    <div lang={document.locale} data-testid="doc-address">
      <p className="doc-address-name">{deliverTo.name}</p>
      {deliverTo.lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
      <p className="doc-phone" translate="no">
        {deliverTo.phone}
      </p>
    </div>
  );
}

/** The amount the rider collects, large: 0 for a prepaid order, the rest after a paid advance. */
function Collect({ document }: { document: OrderDocument }) {
  const { i18n } = useLingui();
  const { payment } = document;
  return (
    <div className="doc-collect" data-testid="doc-collect">
      <p className="doc-label-heading">{i18n._("Amount to collect")}</p>
      <p className="doc-collect-amount" data-testid="doc-collect-amount">
        {formatTaka(payment.collect)}
      </p>
      <p className="doc-small">
        {payment.method === "COD"
          ? paymentMethodWord("COD", i18n)
          : i18n._("Prepaid ({method})", { method: paymentMethodWord(payment.method, i18n) })}
      </p>
    </div>
  );
}

function Parcel({ document }: { document: OrderDocument }) {
  const { i18n } = useLingui();
  return document.shipment ? (
    <p data-testid="doc-shipment">
      <span translate="no">{document.shipment.courierName}</span> · {i18n._("tracking")}{" "}
      <strong className="doc-sku" translate="no">
        {document.shipment.trackingNumber}
      </strong>
    </p>
  ) : (
    <p data-testid="doc-shipment">{i18n._("Courier not booked yet")}</p>
  );
}

function Note({ document }: { document: OrderDocument }) {
  const { i18n } = useLingui();
  if (!document.note) return null;
  return (
    <p className="doc-note" data-testid="doc-note">
      <strong>{i18n._("Note:")}</strong> <span lang={document.locale}>{document.note}</span>
    </p>
  );
}

const variantOf = (i18n: I18n, line: OrderDocument["lines"][number]) =>
  `${colorName(line.color, i18n)} / ${line.size}`;

/** The lines with variant and SKU; prices only on the invoice, a tick box only on the slip. */
function Lines({ document, prices }: { document: OrderDocument; prices: boolean }) {
  const { i18n } = useLingui();
  return (
    <table className="doc-lines" data-testid="doc-lines">
      <thead>
        <tr>
          {!prices && <th aria-label={i18n._("Packed")} />}
          <th>{i18n._("Item")}</th>
          <th>{i18n._("Variant")}</th>
          <th translate="no">SKU</th>
          <th className="doc-number">{i18n._("Qty")}</th>
          {prices && <th className="doc-number">{i18n._("Price")}</th>}
          {prices && <th className="doc-number">{i18n._("Amount")}</th>}
        </tr>
      </thead>
      <tbody>
        {document.lines.map((line, index) => (
          <tr key={index} data-testid="doc-line">
            {!prices && (
              <td>
                <div className="doc-box" />
              </td>
            )}
            <td lang={document.locale}>{line.title}</td>
            <td>{variantOf(i18n, line)}</td>
            <td className="doc-sku" data-testid="doc-sku" translate="no">
              {line.sku ?? "—"}
            </td>
            <td className="doc-number">{formatCount(line.quantity)}</td>
            {prices && <td className="doc-number">{formatTaka(line.unitPrice)}</td>}
            {prices && <td className="doc-number">{formatTaka(line.amount)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({ document }: { document: OrderDocument }) {
  const { i18n } = useLingui();
  const { totals, payment } = document;
  const row = (label: string, amount: string, className?: string) => (
    <div className={className}>
      <span>{label}</span>
      <span>{amount}</span>
    </div>
  );
  return (
    <div className="doc-totals" data-testid="doc-totals">
      {row(i18n._("Subtotal"), formatTaka(totals.subtotal))}
      {totals.discount > 0 && row(i18n._("Discount"), `−${formatTaka(totals.discount)}`)}
      {totals.promoDiscount > 0 &&
        row(
          totals.promoCode ? i18n._("Promo {code}", { code: totals.promoCode }) : i18n._("Promo"),
          `−${formatTaka(totals.promoDiscount)}`,
        )}
      {row(i18n._("Delivery"), formatTaka(totals.delivery))}
      {totals.tax > 0 && row(i18n._("Tax"), formatTaka(totals.tax))}
      {row(i18n._("Total"), formatTaka(totals.total), "doc-total")}
      <PaymentParts
        className="doc-small"
        order={{
          paymentMethod: payment.method,
          orderStatus: document.status,
          totalDiscountedPrice: totals.total,
          advanceDeliveryCharge: payment.advance,
        }}
      />
    </div>
  );
}

/** Invoice and packing slip: the same page, the slip without prices (the packer's checklist). */
function SheetDocument({
  kind,
  shop,
  document,
}: {
  kind: "invoice" | "packing-slip";
  shop: Shop;
  document: OrderDocument;
}) {
  const { i18n } = useLingui();
  const invoice = kind === "invoice";
  return (
    <>
      <div className="doc-heading">
        <ShopHeading shop={shop} />
        <div>
          <h2 className="doc-title">{documentTitle(i18n, kind)}</h2>
          <p className="doc-small">
            {i18n._("Placed {date}", { date: formatDate(document.placedAt, true) })}
          </p>
        </div>
      </div>
      <div className="doc-codes">
        <OrderBarcode document={document} />
        <TrackingQr document={document} />
      </div>
      <div className="doc-grid">
        <div>
          <h3 className="doc-label-heading">{i18n._("Deliver to")}</h3>
          <DeliverTo document={document} />
        </div>
        <div>
          <Collect document={document} />
          <div className="doc-small" style={{ marginTop: "2mm" }}>
            <Parcel document={document} />
          </div>
        </div>
      </div>
      <Note document={document} />
      <Lines document={document} prices={invoice} />
      {invoice && <Totals document={document} />}
      {invoice && (
        <p className="doc-footer">
          {i18n._("Prices include VAT. Thank you for shopping with us.")}
        </p>
      )}
    </>
  );
}

/**
 * The 4x6 inch label: courier, the recipient, the cash beside the QR code, the barcode across
 * (with its quiet zones it is about 75 mm of the label's 96), then what is inside.
 */
function LabelDocument({ shop, document }: { shop: Shop; document: OrderDocument }) {
  const { i18n } = useLingui();
  const shown = document.lines.slice(0, LABEL_LINES);
  const more = document.lines.length - shown.length;
  return (
    <>
      <div className="doc-label-parcel">
        <ShopHeading shop={shop} small />
        <div className="doc-label-courier">
          <Parcel document={document} />
        </div>
      </div>
      <div className="doc-label-to">
        <h3 className="doc-label-heading">{i18n._("Deliver to")}</h3>
        <DeliverTo document={document} />
      </div>
      <div className="doc-label-cash">
        <Collect document={document} />
        <TrackingQr document={document} />
      </div>
      <OrderBarcode document={document} />
      <Note document={document} />
      <ul className="doc-label-items" data-testid="doc-lines">
        {shown.map((line, index) => (
          <li key={index} data-testid="doc-line">
            {formatCount(line.quantity)} × <span lang={document.locale}>{line.title}</span> —{" "}
            {variantOf(i18n, line)}
            {line.sku && (
              <>
                {" "}
                —{" "}
                <span className="doc-sku" data-testid="doc-sku" translate="no">
                  {line.sku}
                </span>
              </>
            )}
          </li>
        ))}
        {more > 0 && (
          <li>{i18n._("and {count} more (see the packing slip)", { count: formatCount(more) })}</li>
        )}
      </ul>
    </>
  );
}

/** One order's document on a sheet of its paper. */
export function OrderDocumentSheet({
  kind,
  paper,
  shop,
  document,
}: {
  kind: DocumentKind;
  /** Invoices and slips: A4 or A5; a label is always 4x6 inches. */
  paper: PaperSize;
  shop: Shop;
  document: OrderDocument;
}): ReactNode {
  const sheet = kind === "label" ? "label" : paper;
  return (
    <article
      className={`doc doc-sheet doc-kind-${kind} doc-paper-${sheet}`}
      data-testid={kind === "invoice" ? "invoice" : `doc-${kind}`}
      data-order-number={document.orderNumber}
    >
      {kind === "label" ? (
        <LabelDocument shop={shop} document={document} />
      ) : (
        <SheetDocument kind={kind} shop={shop} document={document} />
      )}
    </article>
  );
}

/** `@page` of each paper: the printout's exact size (the label printer takes 4x6 inch stock). */
export const PAGE_RULES: Record<PaperSize | "label", string> = {
  a4: "@page { size: A4; margin: 12mm; }",
  a5: "@page { size: A5; margin: 8mm; }",
  label: "@page { size: 4in 6in; margin: 3mm; }",
};

/**
 * The order dialog's invoice: the printed one, read from the same answer (loaded again whenever
 * the order changes, so a booked parcel or a paid advance shows at once).
 */
export function OrderInvoicePreview({ order }: { order: AdminOrder }) {
  const loaded = useAdminData(
    () => api.orderDesk.documents({ orders: order._id }),
    `${order._id}:${order.updatedAt}:${order.orderStatus}`,
  );
  const document = loaded.data?.documents[0];
  return (
    <div className="mt-4">
      {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
      {document && loaded.data ? (
        <OrderDocumentSheet kind="invoice" paper="a4" shop={loaded.data.shop} document={document} />
      ) : (
        !loaded.error && <TableSkeleton rows={3} />
      )}
    </div>
  );
}
