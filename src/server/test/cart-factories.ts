import type { Executor } from '../db/client';
import { insertAvailability, insertProduct, insertVariant } from './catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from './factories';

/** A signed-in buyer of a fresh organisation, with headers for app.inject. */
export async function signedInBuyer(
  db: Executor,
  overrides: {
    status?: 'approved' | 'approved_for_site_use_only' | 'no_site_use';
    organizationId?: number | null;
  } = {},
) {
  const organization =
    overrides.organizationId === undefined ? await insertOrganization(db, { name: 'Greenline Test' }) : null;
  const user = await insertUser(db, {
    organizationId: overrides.organizationId === undefined ? organization?.id : overrides.organizationId,
    status: overrides.status ?? 'approved',
  });
  return { organization, user, headers: bearer(await tokenFor(db, user.id)) };
}

/**
 * A supplier organisation with a branch listing one size of a new product. Tiers default to
 * $30.00 from 1 and $28.00 from 10; `unit` lets a test list bulk goods.
 */
export async function supplierListing(
  db: Executor,
  options: {
    branch?: Parameters<typeof insertBranch>[2];
    organizationId?: number;
    quantity?: number;
    unit?: string;
    priceTiers?: { quantityMin: number; price: number }[];
    restricted?: boolean;
  } = {},
) {
  const organizationId = options.organizationId ?? (await insertOrganization(db, { isBuyer: false })).id;
  const branch = await insertBranch(db, organizationId, options.branch ?? {});
  const product = await insertProduct(db, { restricted: options.restricted ?? false });
  const variant = await insertVariant(db, product.id, { size: '#3', unit: options.unit ?? 'each' });
  const availability = await insertAvailability(db, {
    branchId: branch.id,
    variant,
    quantity: options.quantity ?? 120,
    ...(options.priceTiers ? { priceTiers: options.priceTiers } : {}),
  });
  return { organizationId, branch, product, variant, availability };
}
