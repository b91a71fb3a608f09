import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { houseAds } from './house-ads.tables';

export type HouseAdRow = typeof houseAds.$inferSelect;
type HouseAdInsert = typeof houseAds.$inferInsert;

/** The ads of a zone (or of every zone) switched on and within their dates on `today`, newest first. */
export function listLiveAds(db: Executor, zoneId: string | null, today: string) {
  return db
    .select()
    .from(houseAds)
    .where(
      and(
        zoneId === null ? undefined : eq(houseAds.zoneId, zoneId),
        eq(houseAds.active, true),
        or(isNull(houseAds.activeFrom), lte(houseAds.activeFrom, today)),
        or(isNull(houseAds.activeTo), gte(houseAds.activeTo, today)),
      ),
    )
    .orderBy(desc(houseAds.createdAt), desc(houseAds.id));
}

export async function listAds(db: Executor, page: number, perPage: number, zoneId?: string) {
  const where = zoneId ? eq(houseAds.zoneId, zoneId) : undefined;
  const rows = await db
    .select()
    .from(houseAds)
    .where(where)
    .orderBy(houseAds.zoneId, desc(houseAds.createdAt), desc(houseAds.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(houseAds).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findAd(db: Executor, id: number) {
  const [row] = await db.select().from(houseAds).where(eq(houseAds.id, id));
  return row ?? null;
}

export async function insertAd(db: Executor, values: HouseAdInsert) {
  const [row] = await db.insert(houseAds).values(values).returning();
  return row;
}

export async function updateAd(db: Executor, id: number, values: Partial<HouseAdInsert>) {
  const [row] = await db.update(houseAds).set(values).where(eq(houseAds.id, id)).returning();
  return row ?? null;
}

export async function deleteAd(db: Executor, id: number) {
  const rows = await db.delete(houseAds).where(eq(houseAds.id, id)).returning({ id: houseAds.id });
  return rows.length > 0;
}
