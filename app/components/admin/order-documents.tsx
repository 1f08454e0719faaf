/**
 * The printed documents of an order (docs/printing.md): the invoice, the packing slip (no prices)
 * and the 4x6 inch courier label, laid out from the server's answer
 * (`GET /api/admin/orders/documents`): the codes come drawn as SVG, the figures computed. The
 * print page shows many of them, one per page; the order dialog shows one invoice.
 */
import type { CSSProperties, ReactNode } from "react";
import { PaymentParts } from "~/components/order/payment-parts";
import { api, type AdminOrder } from "~/lib/admin-api-client";
import { formatBDT } from "#contract/money";
import { PAYMENT_METHOD_WORDS } from "#contract/status-words";
import type {
  DocumentKind,
  OrderDocument,
  OrderDocumentsAnswer,
  PaperSize,
} from "#contract/schemas/order-documents";
import { ErrorNote, formatDate, TableSkeleton, useAdminData } from "./common";
import "./order-documents.css";

type Shop = OrderDocumentsAnswer["shop"];

/** Lines a label lists before "and N more" (the label is one page, whatever the order holds). */
const LABEL_LINES = 4;

const TITLES: Record<DocumentKind, string> = {
  invoice: "Invoice",
  "packing-slip": "Packing slip",
  label: "Courier label",
};

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
        <div className={small ? "doc-small" : undefined}>
          {shop.address && <p>{shop.address}</p>}
          {shop.phone && <p>{shop.phone}</p>}
        </div>
      </div>
    </div>
  );
}

function OrderBarcode({ document }: { document: OrderDocument }) {
  return (
    <div className="doc-barcode" style={{ "--modules": document.barcode.modules } as CSSProperties}>
      <img
        src={svgImage(document.barcode.svg)}
        alt={`Code 128: ${document.orderNumber}`}
        data-testid="doc-barcode"
      />
      <p className="doc-barcode-text">{document.orderNumber}</p>
    </div>
  );
}

function TrackingQr({ document }: { document: OrderDocument }) {
  return (
    <div className="doc-qr">
      <img
        src={svgImage(document.tracking.qrSvg)}
        alt={`QR code: ${document.tracking.url}`}
        data-testid="doc-qr"
      />
      <p className="doc-small">Scan to track</p>
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
      <p className="doc-phone">{deliverTo.phone}</p>
    </div>
  );
}

/** The amount the rider collects, large: 0 for a prepaid order, the rest after a paid advance. */
function Collect({ document }: { document: OrderDocument }) {
  const { payment } = document;
  return (
    <div className="doc-collect" data-testid="doc-collect">
      <p className="doc-label-heading">Amount to collect</p>
      <p className="doc-collect-amount" data-testid="doc-collect-amount">
        {formatBDT(payment.collect)}
      </p>
      <p className="doc-small">
        {payment.method === "COD"
          ? PAYMENT_METHOD_WORDS.COD
          : `Prepaid (${PAYMENT_METHOD_WORDS[payment.method]})`}
      </p>
    </div>
  );
}

function Parcel({ document }: { document: OrderDocument }) {
  return document.shipment ? (
    <p data-testid="doc-shipment">
      {document.shipment.courierName} · tracking{" "}
      <strong className="doc-sku">{document.shipment.trackingNumber}</strong>
    </p>
  ) : (
    <p data-testid="doc-shipment">Courier not booked yet</p>
  );
}

function Note({ document }: { document: OrderDocument }) {
  if (!document.note) return null;
  return (
    <p className="doc-note" lang={document.locale} data-testid="doc-note">
      <strong>Note:</strong> {document.note}
    </p>
  );
}

const variantOf = (line: OrderDocument["lines"][number]) => `${line.color} / ${line.size}`;

/** The lines with variant and SKU; prices only on the invoice, a tick box only on the slip. */
function Lines({ document, prices }: { document: OrderDocument; prices: boolean }) {
  return (
    <table className="doc-lines" data-testid="doc-lines">
      <thead>
        <tr>
          {!prices && <th aria-label="Packed" />}
          <th>Item</th>
          <th>Variant</th>
          <th>SKU</th>
          <th className="doc-number">Qty</th>
          {prices && <th className="doc-number">Price</th>}
          {prices && <th className="doc-number">Amount</th>}
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
            <td>{variantOf(line)}</td>
            <td className="doc-sku" data-testid="doc-sku">
              {line.sku ?? "—"}
            </td>
            <td className="doc-number">{line.quantity}</td>
            {prices && <td className="doc-number">{formatBDT(line.unitPrice)}</td>}
            {prices && <td className="doc-number">{formatBDT(line.amount)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({ document }: { document: OrderDocument }) {
  const { totals, payment } = document;
  const row = (label: string, amount: string, className?: string) => (
    <div className={className}>
      <span>{label}</span>
      <span>{amount}</span>
    </div>
  );
  return (
    <div className="doc-totals" data-testid="doc-totals">
      {row("Subtotal", formatBDT(totals.subtotal))}
      {totals.discount > 0 && row("Discount", `−${formatBDT(totals.discount)}`)}
      {totals.promoDiscount > 0 &&
        row(`Promo ${totals.promoCode ?? ""}`.trim(), `−${formatBDT(totals.promoDiscount)}`)}
      {row("Delivery", formatBDT(totals.delivery))}
      {totals.tax > 0 && row("Tax", formatBDT(totals.tax))}
      {row("Total", formatBDT(totals.total), "doc-total")}
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
  const invoice = kind === "invoice";
  return (
    <>
      <div className="doc-heading">
        <ShopHeading shop={shop} />
        <div>
          <h2 className="doc-title">{TITLES[kind]}</h2>
          <p className="doc-small">Placed {formatDate(document.placedAt, true)}</p>
        </div>
      </div>
      <div className="doc-codes">
        <OrderBarcode document={document} />
        <TrackingQr document={document} />
      </div>
      <div className="doc-grid">
        <div>
          <h3 className="doc-label-heading">Deliver to</h3>
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
      {invoice && <p className="doc-footer">Prices include VAT. Thank you for shopping with us.</p>}
    </>
  );
}

/**
 * The 4x6 inch label: courier, the recipient, the cash beside the QR code, the barcode across
 * (with its quiet zones it is about 75 mm of the label's 96), then what is inside.
 */
function LabelDocument({ shop, document }: { shop: Shop; document: OrderDocument }) {
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
        <h3 className="doc-label-heading">Deliver to</h3>
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
            {line.quantity} × <span lang={document.locale}>{line.title}</span> — {variantOf(line)}
            {line.sku && (
              <>
                {" "}
                —{" "}
                <span className="doc-sku" data-testid="doc-sku">
                  {line.sku}
                </span>
              </>
            )}
          </li>
        ))}
        {more > 0 && <li>and {more} more (see the packing slip)</li>}
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
