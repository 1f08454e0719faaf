/**
 * The risk level of each order of a page (the orders list's badge): the same rule and counts as an
 * order's own view (phone-history.service, docs/cod.md), for all the page's phones in one grouped
 * match and one block lookup, each order's own contribution taken out so it never judges itself.
 */
import { Order, type OrderFields } from "../../models/order.model.js";
import { PhoneBlockModel } from "../../models/phone-block.model.js";
import type { PhoneOrderCounts, PhoneRiskLevel } from "#contract/schemas/phone-history";
import { countedAs, riskLevelOf, type OrderGroup } from "./phone-history.service.js";

type RiskRow = Pick<OrderFields, "deliveryPhone" | "orderStatus" | "paymentMethod" | "cancelledBy">;

const emptyCounts = (): PhoneOrderCounts => ({ delivered: 0, returned: 0, cancelled: 0, open: 0 });

const groupOf = (order: RiskRow): OrderGroup => ({
  status: order.orderStatus,
  method: order.paymentMethod,
  cancelledBy: order.cancelledBy ?? null,
});

/** Each order's level, in order; undefined for an order without a delivery phone. */
export async function orderRiskLevels(
  orders: readonly RiskRow[],
): Promise<(PhoneRiskLevel | undefined)[]> {
  const phones = [...new Set(orders.flatMap((order) => order.deliveryPhone ?? []))];
  if (phones.length === 0) return orders.map(() => undefined);
  const [groups, blocks] = await Promise.all([
    Order.aggregate<{ _id: OrderGroup & { phone: string }; n: number }>([
      { $match: { deliveryPhone: { $in: phones } } },
      {
        $group: {
          _id: {
            phone: "$deliveryPhone",
            status: "$orderStatus",
            method: "$paymentMethod",
            cancelledBy: "$cancelledBy",
          },
          n: { $sum: 1 },
        },
      },
    ]),
    PhoneBlockModel.find({ phone: { $in: phones }, liftedAt: null }, { phone: 1 }).lean(),
  ]);
  const counts = new Map(phones.map((phone) => [phone, emptyCounts()]));
  for (const { _id: group, n } of groups) {
    const field = countedAs(group);
    if (field) counts.get(group.phone)![field] += n;
  }
  const blocked = new Set(blocks.map((block) => block.phone));
  return orders.map((order) => {
    if (!order.deliveryPhone) return undefined;
    const others = { ...counts.get(order.deliveryPhone)! };
    const own = countedAs(groupOf(order));
    if (own) others[own] -= 1;
    return riskLevelOf(others, blocked.has(order.deliveryPhone));
  });
}
