import {
  type LoyaltyDiscount,
  type LoyaltyDiscountInput,
  loyaltyDiscountMessages,
  loyaltyDiscountStatus,
} from '../../../domain/catalog/loyalty-discounts';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './loyalty-discounts.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function view(row: repo.LoyaltyDiscountRow, now: Date): LoyaltyDiscount {
  const startsAt = iso(row.starts_at);
  const endsAt = iso(row.ends_at);
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    percent: row.value / 100,
    startsAt,
    endsAt,
    status: loyaltyDiscountStatus({ startsAt, endsAt }, now),
  };
}

// Percent with two decimals in, basis points stored (the discounts table's unit for PERCENTAGE).
const stored = (input: LoyaltyDiscountInput) => ({
  name: input.name,
  value: Math.round(input.percent * 100),
  startsAt: input.startsAt,
  endsAt: input.endsAt,
});

async function organizationOrThrow(db: Executor, organizationId: number) {
  if (!(await repo.buyerOrganizationExists(db, organizationId))) {
    throw new AppError('not_found', 'Organization not found');
  }
}

async function discountOrThrow(db: Executor, id: number) {
  const row = await repo.findLoyaltyDiscount(db, id);
  if (!row) throw new AppError('not_found', loyaltyDiscountMessages.notFound);
  return row;
}

export async function listLoyaltyDiscounts(db: Executor, organizationId: number, now: Date) {
  await organizationOrThrow(db, organizationId);
  return (await repo.listForOrganization(db, organizationId)).map((row) => view(row, now));
}

/** Staff give an organisation a loyalty discount: every supplier's price, less the percentage. */
export async function createLoyaltyDiscount(
  db: Db,
  caller: Caller,
  organizationId: number,
  input: LoyaltyDiscountInput,
  now: Date,
) {
  await organizationOrThrow(db, organizationId);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertLoyaltyDiscount(tx, organizationId, stored(input));
    await audit.recordEvent(tx, actorOf(caller), { type: 'loyalty_discount', id: created.id }, 'created', {
      organizationId,
      name: created.name,
      basisPoints: created.value,
    });
    return created;
  });
  return view(row, now);
}

export async function updateLoyaltyDiscount(
  db: Db,
  caller: Caller,
  id: number,
  input: LoyaltyDiscountInput,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    await discountOrThrow(tx, id);
    const updated = await repo.updateLoyaltyDiscount(tx, id, stored(input));
    await audit.recordEvent(tx, actorOf(caller), { type: 'loyalty_discount', id }, 'updated', {
      name: updated.name,
      basisPoints: updated.value,
      startsAt: iso(updated.starts_at),
      endsAt: iso(updated.ends_at),
    });
    return updated;
  });
  return view(row, now);
}

/** Ends a discount now: carts priced from now on no longer get it; an ended one stays ended (409). */
export async function endLoyaltyDiscount(db: Db, caller: Caller, id: number, now: Date) {
  const row = await db.transaction(async (tx) => {
    const found = await discountOrThrow(tx, id);
    if (
      loyaltyDiscountStatus({ startsAt: iso(found.starts_at), endsAt: iso(found.ends_at) }, now) === 'ended'
    ) {
      throw new AppError('conflict', loyaltyDiscountMessages.ended);
    }
    const ended = await repo.endLoyaltyDiscount(tx, id, now);
    await audit.recordEvent(tx, actorOf(caller), { type: 'loyalty_discount', id }, 'ended', {});
    return ended;
  });
  return view(row, now);
}
