import { isAdmin } from '../../../domain/access';
import {
  inventoryMessages,
  type PurchaseDiscountRequest,
  type PurchaseDiscountRequestInput,
  type PurchaseDiscountStaffInput,
} from '../../../domain/inventory/inventory-schemas';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as repo from './purchase-discounts.repository';

// Purchase discounts a supplier agrees to (EVD; spec part 3 §7.3 evd_acknowledgement_request,
// evd_approval, evd_denial, create_evd, delete_evd). An approved request is a `purchase` discount.

const notFound = () => new AppError('not_found', inventoryMessages.requestNotFound);

/** The stored value of a discount: basis points for PERCENTAGE (percent given), cents for FLAT_RATE. */
const storedValue = (operator: string, value: number) =>
  operator === 'PERCENTAGE' ? Math.round(value * 100) : Math.round(value);
const shownValue = (operator: string, stored: number) => (operator === 'PERCENTAGE' ? stored / 100 : stored);

function view(row: repo.RequestRow): PurchaseDiscountRequest {
  return {
    id: row.id,
    state: row.state,
    buyerOrganizationId: row.buyer_organization_id,
    buyerOrganizationName: row.buyer_organization_name,
    supplierOrganizationId: row.supplier_organization_id,
    supplierOrganizationName: row.supplier_organization_name,
    operator: row.operator,
    value: shownValue(row.operator, row.value),
    terms: row.terms,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

async function viewOf(db: Executor, id: number) {
  const row = await repo.findRequest(db, id);
  if (!row) throw notFound();
  return view(row);
}

/** A buyer asks a supplier organisation to honour its purchase discount. */
export async function requestPurchaseDiscount(db: Db, caller: Caller, input: PurchaseDiscountRequestInput) {
  const buyerId = caller.user.organizationId;
  if (buyerId === null) {
    throw new AppError('unprocessable', 'Join or create a company before asking for a purchase discount.', {
      code: 'no_organization',
    });
  }
  if (input.supplierOrganizationId === buyerId) {
    throw new AppError('invalid_data', inventoryMessages.ownSupplier, {
      fields: { supplierOrganizationId: inventoryMessages.ownSupplier },
    });
  }
  if (!(await repo.organizationExists(db, input.supplierOrganizationId))) {
    throw new AppError('not_found', 'Supplier not found');
  }
  if (await repo.hasPending(db, buyerId, input.supplierOrganizationId)) {
    throw new AppError('conflict', inventoryMessages.alreadyPending, { code: 'already_pending' });
  }
  const id = await repo.insertRequest(db, {
    buyerOrganizationId: buyerId,
    supplierOrganizationId: input.supplierOrganizationId,
    operator: input.operator,
    value: storedValue(input.operator, input.value),
    terms: input.terms,
    userId: caller.user.id,
    state: 'pending',
  });
  return viewOf(db, id);
}

/** The caller's organisation's requests, as buyer and as supplier (staff: all). */
export async function listPurchaseDiscountRequests(db: Executor, caller: Caller) {
  if (caller.user.organizationId === null)
    return isAdmin(caller.user) ? (await repo.listAllRequests(db)).map(view) : [];
  return (await repo.listRequestsOf(db, caller.user.organizationId)).map(view);
}

async function supplierRequestOrThrow(db: Executor, caller: Caller, id: number) {
  const row = await repo.findRequest(db, id);
  if (!row || row.supplier_organization_id !== caller.user.organizationId) throw notFound();
  if (row.state !== 'pending') {
    throw new AppError('conflict', inventoryMessages.notPending, { code: 'not_pending' });
  }
  return row;
}

/** The supplier approves: the buyer's carts are priced with the 'Purchase Discount' from now on. */
export async function approvePurchaseDiscount(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const row = await supplierRequestOrThrow(tx, caller, id);
    const discountId = await repo.replacePurchaseDiscount(tx, {
      buyerOrganizationId: row.buyer_organization_id,
      supplierOrganizationId: row.supplier_organization_id,
      operator: row.operator,
      value: row.value,
    });
    await repo.decide(tx, id, 'approved', caller.user.id, discountId);
  });
  return viewOf(db, id);
}

export async function denyPurchaseDiscount(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    await supplierRequestOrThrow(tx, caller, id);
    await repo.decide(tx, id, 'denied', caller.user.id, null);
  });
  return viewOf(db, id);
}

/** Staff create an approved purchase discount (create_evd). */
export async function createPurchaseDiscount(db: Db, caller: Caller, input: PurchaseDiscountStaffInput) {
  for (const id of [input.buyerOrganizationId, input.supplierOrganizationId]) {
    if (!(await repo.organizationExists(db, id))) throw new AppError('not_found', 'Organization not found');
  }
  const id = await db.transaction(async (tx) => {
    const value = storedValue(input.operator, input.value);
    const discountId = await repo.replacePurchaseDiscount(tx, { ...input, value });
    const requestId = await repo.insertRequest(tx, {
      ...input,
      value,
      userId: caller.user.id,
      state: 'approved',
    });
    await repo.setDiscount(tx, requestId, discountId);
    return requestId;
  });
  return viewOf(db, id);
}

/** Staff delete one (delete_evd): the request and its discount go. */
export async function deletePurchaseDiscount(db: Db, id: number) {
  const row = await repo.findRequest(db, id);
  if (!row) throw notFound();
  await db.transaction((tx) => repo.deleteRequestAndDiscount(tx, id, row.discount_id));
}
