import type { Executor } from '../../core/database';
import { sendJobWithin } from '../../jobs/job-queue';

export const messageNotificationQueue = 'message-notification';

/**
 * Queues the notifications of a message just recorded (e-mails and texts to the receiving sides'
 * subscribed contacts; message-delivery.ts), in the caller's transaction: the job exists only if
 * the message does, and a rolled-back action notifies nobody. The messages module calls it for
 * every message it delivers, so each order event, reminder and reply notifies the same way.
 */
export async function queueMessageNotifications(tx: Executor, messageId: number) {
  await sendJobWithin(tx, messageNotificationQueue, { messageId });
}
