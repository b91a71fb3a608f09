// Read model: An order's parties for its documents: buyer organisation and contact, supplier branch and address,
// and the names of the users behind its events.

import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderParties } from '../../domain/orders/order-views';
import type { Executor } from '../core/database';
import { orders } from '../modules/orders/orders.tables';
import { addresses, branches, organizations } from '../modules/organizations/organizations.tables';
import { users } from '../modules/users/users.tables';

const buyerUsers = alias(users, 'buyer_user');
const buyerOrganizations = alias(organizations, 'buyer_organization');
const supplierOrganizations = alias(organizations, 'supplier_organization');

/** The parties of an order (buyer organisation and contact, supplier branch with its address) and event users. */
export async function loadOrderParties(
  db: Executor,
  orderId: number,
  eventUserIds: readonly (number | null)[],
  /** The parties of an earlier version, when staff have since swapped the buyer or supplier. */
  asOf: {
    userId?: number;
    buyerOrganizationId?: number;
    branchId?: number;
    supplierOrganizationId?: number;
  } = {},
): Promise<OrderParties | null> {
  const [row] = await db
    .select({
      buyerOrganizationName: buyerOrganizations.name,
      buyerFirstName: buyerUsers.firstName,
      buyerLastName: buyerUsers.lastName,
      buyerEmail: buyerUsers.email,
      buyerPhone: buyerUsers.phone,
      supplierOrganizationName: supplierOrganizations.name,
      branchName: branches.name,
      displayAddress: branches.displayAddress,
      street1: addresses.street1,
      street2: addresses.street2,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
      branchPhone: addresses.phone,
    })
    .from(orders)
    .innerJoin(buyerUsers, eq(buyerUsers.id, asOf.userId ?? orders.userId))
    .innerJoin(
      buyerOrganizations,
      eq(buyerOrganizations.id, asOf.buyerOrganizationId ?? orders.buyerOrganizationId),
    )
    .innerJoin(branches, eq(branches.id, asOf.branchId ?? orders.branchId))
    .innerJoin(
      supplierOrganizations,
      eq(supplierOrganizations.id, asOf.supplierOrganizationId ?? orders.supplierOrganizationId),
    )
    .leftJoin(addresses, eq(addresses.id, branches.addressId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const ids = [...new Set(eventUserIds.filter((id): id is number => id !== null))];
  const named = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const branchAddress = row.street1
    ? [row.street1, row.street2, `${row.city}, ${row.state} ${row.postalCode}`.trim()].filter(
        (line): line is string => !!line && line.trim() !== '',
      )
    : row.displayAddress
      ? [row.displayAddress]
      : [];
  return {
    buyerOrganizationName: row.buyerOrganizationName,
    buyerFullName: `${row.buyerFirstName} ${row.buyerLastName}`.trim(),
    buyerEmail: row.buyerEmail,
    buyerPhone: row.buyerPhone,
    supplierOrganizationName: row.supplierOrganizationName,
    branchName: row.branchName,
    branchAddress,
    branchPhone: row.branchPhone,
    userNames: Object.fromEntries(
      named.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]),
    ),
  };
}
