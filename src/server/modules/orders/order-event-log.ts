import type { Executor } from '../../core/database';
import * as messages from '../messages/messages.service';
import * as repo from './orders.repository';
import type { orderEvents } from './orders.tables';

/**
 * Records an order event and, in the same transaction, posts the message it becomes in the order's
 * thread (issue 15: every order event lands in the inbox of the side it concerns).
 */
export async function recordOrderEvent(tx: Executor, values: typeof orderEvents.$inferInsert) {
  await repo.insertOrderEvent(tx, values);
  await messages.postOrderEventMessage(tx, values);
}
