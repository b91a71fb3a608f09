import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, it } from 'vitest';
import { queryRows } from '../../db/client';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { insertBranch, insertOrganization } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import * as repo from './hubsheet-sourcing.repository';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

it('profiles', async () => {
  const org = await insertOrganization(t.db, { isBuyer: false });
  const branches = [];
  for (let i = 0; i < 5; i++) branches.push(await insertBranch(t.db, org.id, { latitude: 35.2 + i / 100, longitude: -80.8 }));
  const p = await insertProduct(t.db); const v = await insertVariant(t.db, p.id, { size: '#3' });
  for (const b of branches) await insertAvailability(t.db, { branchId: b.id, variant: v });
  const lines = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, productId: p.id, productVariantId: v.id, quantity: 5 }));
  const scope = { area: { near: { latitude: 35.22, longitude: -80.84 }, radiusMiles: 50 }, buyerOrganizationId: null };
  for (let k = 0; k < 3; k++) {
    let t0 = performance.now();
    const rows = await repo.findFillingOffers(t.db, lines, scope);
    console.log('filling', rows.length, performance.now() - t0);
    t0 = performance.now();
    const agg = await repo.findSupplyAggregates(t.db, lines, scope);
    console.log('agg', agg.length, performance.now() - t0);
    t0 = performance.now();
    const lj = JSON.stringify(lines.map(l=>({id:l.id,product_id:l.productId,variant_id:l.productVariantId,qty:l.quantity})));
    const slim = await queryRows<{ o: unknown }>(t.db, sql`with items as (select * from jsonb_to_recordset(${lj}::jsonb) as i(id bigint, product_id bigint, variant_id bigint, qty numeric)),
      listings as (select i.id as item_id, i.qty, a.branch_id, a.product_variant_id, a.product_id, a.quantity, a.ignore_quantity, a.in_stock, a.price_tiers from items i join availabilities a on a.product_variant_id = i.variant_id),
      offers as (select distinct on (l.item_id, l.branch_id) l.item_id, l.branch_id, l.product_variant_id, tp.price, l.quantity, l.ignore_quantity
        from listings l join branches b on b.id = l.branch_id join products p on p.id = l.product_id
        left join lateral (select (t->>'price')::int as price from jsonb_array_elements(l.price_tiers) t order by ((t->>'quantityMin')::numeric <= l.qty) desc, case when (t->>'quantityMin')::numeric <= l.qty then (t->>'quantityMin')::numeric end desc nulls last, (t->>'quantityMin')::numeric asc limit 1) tp on true
        where l.in_stock and tp.price is not null order by l.item_id, l.branch_id, tp.price)
      select json_agg(json_build_array(item_id, branch_id, product_variant_id, price, quantity, ignore_quantity))::text as o from offers`);
    console.log('slimjson', String(slim[0].o).length, performance.now() - t0);
    t0 = performance.now();
    await queryRows(t.db, sql`select * from jsonb_to_recordset(${JSON.stringify(lines.map(l=>({id:l.id,product_id:l.productId,variant_id:l.productVariantId,qty:l.quantity})))}::jsonb) as i(id bigint, product_id bigint, variant_id bigint, qty numeric)`);
    console.log('recordset', performance.now() - t0);
  }
});
