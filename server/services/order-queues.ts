/**
 * The queues of the owner's day (docs/order-desk.md): each order queue is a filter of the orders
 * list, and every queue has a counter. The counters are one record keyed by queue id, so a queue
 * added to QUEUE_IDS does not compile until it says how it is counted.
 */
import { Order } from "../../models/order.model.js";
import { countOpenIncompleteCheckouts } from "./incomplete-checkouts.service.js";
import { ORDER_QUEUE_FILTERS } from "./order-queue-filters.js";
import {
  QUEUE_IDS,
  type OrderQueueId,
  type QueueId,
  type QueuesAnswer,
} from "#contract/schemas/order-desk";

type QueueCounter = () => Promise<number>;

/** Incomplete checkouts are not orders: the call list's own collection counts the open ones. */
const countIncompleteCheckouts: QueueCounter = countOpenIncompleteCheckouts;

const countOrders =
  (queue: OrderQueueId): QueueCounter =>
  () =>
    Order.countDocuments(ORDER_QUEUE_FILTERS[queue]);

/** How each queue is counted: the type checker refuses a queue without its counter. */
export const queueCounters: Record<QueueId, QueueCounter> = {
  "to-confirm": countOrders("to-confirm"),
  "to-pack": countOrders("to-pack"),
  "to-ship": countOrders("to-ship"),
  "in-transit": countOrders("in-transit"),
  returning: countOrders("returning"),
  incomplete: countIncompleteCheckouts,
};

/** Every queue with its count, in the order of the day. */
export async function countQueues(): Promise<QueuesAnswer> {
  const counts = await Promise.all(QUEUE_IDS.map((id) => queueCounters[id]()));
  return { queues: QUEUE_IDS.map((id, index) => ({ id, count: counts[index] })) };
}
