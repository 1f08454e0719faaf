/**
 * Scan-to-pack (docs/packing.md): the packer scans each unit's barcode; every scan is checked
 * against the order's lines, and the scans that complete the order mark it packed, once.
 */
import { Order } from "../../models/order.model.js";
import { conflict, notFound } from "../lib/http-error.js";
import { orderLookupKey } from "#contract/order-number";
import { normalizeCode } from "#contract/variant-codes";
import {
  ALREADY_PACKED,
  CODE_NOT_IN_ORDER,
  EXTRA_UNIT,
  NOT_PACKABLE,
  alreadyPacked,
  extraUnit,
  notInOrder,
  notPackable,
  type PackAnswer,
  type PackLineAnswer,
} from "#contract/schemas/packing";
import { ORDER_NOT_FOUND } from "./orders.service.js";
import { updateOrderWhere } from "./stock.service.js";
import { recordAudit } from "./audit.service.js";
import { lineCodeKey, lineCodes } from "./variant-codes.service.js";

/** Only a confirmed order is packed: a placed one may still be cancelled on the call. */
const PACKABLE_STATUS = "CONFIRMED";

/** The history entry's note: the order view lists it with who packed and when. */
export const PACKED_NOTE = "packed: every unit scanned";

interface PackableOrder {
  orderNumber: string;
  orderStatus: string;
  packedBy?: string | null;
  packedAt?: Date | null;
}

function refuseUnpackable(order: PackableOrder): void {
  if (order.packedAt)
    throw conflict(alreadyPacked(order.orderNumber, order.packedBy ?? "staff"), ALREADY_PACKED);
  if (order.orderStatus !== PACKABLE_STATUS)
    throw conflict(notPackable(order.orderNumber, order.orderStatus), NOT_PACKABLE);
}

/**
 * Checks `scans` against the order (by id or number) and answers each line's progress. A code
 * that names no line is 409 CODE_NOT_IN_ORDER, one unit more than ordered 409 EXTRA_UNIT; when
 * every line is complete the order is marked packed by one conditional update, so of two packers
 * completing it at once one gets the answer and the other 409 ALREADY_PACKED.
 */
export async function packOrder(ref: string, scans: string[], by: string): Promise<PackAnswer> {
  const order = await Order.findOne(orderLookupKey(ref)).lean();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  refuseUnpackable(order);
  const codes = await lineCodes(order.orderItems);
  const lines: PackLineAnswer[] = order.orderItems.map((item) => {
    const variant = codes.get(lineCodeKey(item));
    return {
      lineId: String(item._id),
      productId: String(item.productId),
      title: item.title,
      color: item.color,
      size: item.size,
      sku: variant?.sku ?? "",
      barcode: variant?.barcode ?? "",
      quantity: item.quantity,
      scanned: 0,
      complete: false,
    };
  });
  for (const scan of scans) {
    const code = normalizeCode(scan);
    const matching = lines.filter(
      (line) => code !== "" && (line.sku === code || line.barcode === code),
    );
    if (matching.length === 0)
      throw conflict(notInOrder(code, order.orderNumber), CODE_NOT_IN_ORDER);
    const open = matching.find((line) => line.scanned < line.quantity);
    if (!open) {
      const ordered = matching.reduce((sum, line) => sum + line.quantity, 0);
      throw conflict(extraUnit(code, ordered), EXTRA_UNIT);
    }
    open.scanned += 1;
    open.complete = open.scanned === open.quantity;
  }
  const answer = {
    orderId: String(order._id),
    orderNumber: order.orderNumber,
    lines,
    complete: lines.every((line) => line.complete),
    packedAt: null,
    packedBy: null,
  };
  if (!answer.complete) return answer;
  const packedAt = new Date();
  const packed = await updateOrderWhere(
    { _id: order._id, orderStatus: PACKABLE_STATUS, packedAt: null },
    {
      $set: { packedAt, packedBy: by },
      $push: { statusHistory: { status: PACKABLE_STATUS, at: packedAt, by, note: PACKED_NOTE } },
    },
  );
  if (!packed) {
    // Packed by another packer, or moved, since it was read.
    const now = await Order.findById(order._id, {
      orderNumber: 1,
      orderStatus: 1,
      packedAt: 1,
      packedBy: 1,
    }).lean();
    if (!now) throw notFound(ORDER_NOT_FOUND);
    refuseUnpackable(now);
    throw conflict(notPackable(now.orderNumber, now.orderStatus), NOT_PACKABLE);
  }
  // The filter pinned `packedAt: null`, and the two are only ever set together.
  await recordAudit({
    entity: "order",
    entityId: answer.orderId,
    action: "packed",
    by,
    label: order.orderNumber,
    before: { packedAt: null, packedBy: null },
    after: { packedAt, packedBy: by },
  });
  return { ...answer, packedAt: packedAt.toISOString(), packedBy: by };
}
