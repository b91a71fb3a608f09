// Writes across payments, organisations and orders: a buyer organisation becoming able to pay (a
// payment method saved, trade credit granted) sends on its orders held for payment information.

import type { z } from 'zod';
import {
  type createPaymentMethodSchema,
  paymentTermsLabel,
  type TradeCreditView,
} from '../../domain/invoices/payment-views';
import type { Caller } from '../core/caller';
import type { Db } from '../core/database';
import type { AppDeps } from '../core/deps';
import { recordEvent } from '../modules/audit/audit.service';
import * as orderWorkflow from '../modules/orders/order-workflow.service';
import * as organizations from '../modules/organizations/organizations.service';
import * as payments from '../modules/payments/payments.service';

/**
 * Saves a card or bank account and, now that the organisation can pay, sends its orders held for
 * payment information (needs_payment_info) to their suppliers (decision: 'Held orders move on when a
 * payment method is added').
 */
export async function addPaymentMethod(
  db: Db,
  deps: Pick<AppDeps, 'payments'>,
  caller: Caller,
  input: z.output<typeof createPaymentMethodSchema>,
) {
  const method = await payments.createPaymentMethod(db, deps, caller, input);
  const organizationId = caller.user.organizationId;
  if (organizationId !== null) {
    await db.transaction(async (tx) => {
      if (await payments.canPayForOrders(tx, { userId: caller.user.id, organizationId })) {
        await orderWorkflow.releaseOrdersHeldForPayment(tx, caller, organizationId);
      }
    });
  }
  return method;
}

/**
 * Staff grant (Net 30) or remove (due on receipt) an organisation's trade credit; invoices issued from
 * now on use the terms. A grant sends on the orders held for payment information. Audited.
 */
export async function setTradeCredit(
  db: Db,
  staff: Caller,
  organizationId: number,
  paymentTermsDays: number,
): Promise<TradeCreditView> {
  await organizations.getCompanyForStaff(db, organizationId);
  return db.transaction(async (tx) => {
    const before = await organizations.findBillingProfile(tx, organizationId);
    await organizations.updateOrganization(tx, organizationId, { paymentTermsDays });
    await recordEvent(
      tx,
      { userId: staff.user.id, impersonatorUserId: staff.impersonatorUserId },
      { type: 'organization', id: organizationId },
      paymentTermsDays > 0 ? 'trade_credit_granted' : 'trade_credit_removed',
      { paymentTermsDays, previousPaymentTermsDays: before?.paymentTermsDays ?? 0 },
    );
    const releasedOrderIds =
      paymentTermsDays > 0 ? await orderWorkflow.releaseOrdersHeldForPayment(tx, staff, organizationId) : [];
    return { paymentTermsDays, label: paymentTermsLabel(paymentTermsDays), releasedOrderIds };
  });
}
