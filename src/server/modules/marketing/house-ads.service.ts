import {
  type AdZoneId,
  adPhoneMedia,
  adZoneIds,
  firstScreenAdZones,
  isAdZoneId,
  zoneImageUrl,
} from '../../../domain/marketing/ad-zones';
import type { AdminHouseAd, HouseAdValues, ZoneAd } from '../../../domain/marketing/house-ads';
import { isLiveOn } from '../../../domain/marketing/marketing-messages';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './house-ads.repository';

export const houseAdNotFoundMessage = 'House ad not found';
export const unknownZoneMessage = 'Unknown ad zone';

const zoneAdView = (row: repo.HouseAdRow): ZoneAd => ({
  id: row.id,
  zoneId: row.zoneId as AdZoneId,
  imageUrl: row.imageUrl,
  phoneImageUrl: row.phoneImageUrl,
  linkUrl: row.linkUrl,
  altText: row.altText,
});

const adminView = (row: repo.HouseAdRow, today: string): AdminHouseAd => ({
  ...zoneAdView(row),
  name: row.name,
  activeFrom: row.activeFrom,
  activeTo: row.activeTo,
  active: row.active,
  live: isLiveOn(row, today),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** With several live ads a zone rotates among them by the day, so a page does not flicker between ads on every load. */
function adOfTheDay(live: repo.HouseAdRow[], today: string): repo.HouseAdRow {
  const day = Math.floor(Date.parse(today) / 86_400_000);
  return live[day % live.length];
}

/** The ad a zone shows today, or null when none is live. */
export async function adForZone(db: Executor, zoneId: string, today: string): Promise<ZoneAd | null> {
  if (!isAdZoneId(zoneId)) throw new AppError('not_found', unknownZoneMessage);
  const live = await repo.listLiveAds(db, zoneId, today);
  if (live.length === 0) return null;
  return zoneAdView(adOfTheDay(live, today));
}

/** The ad every filled zone shows today (the same one `adForZone` gives), in the zones' order; empty zones are left out. */
export async function adsForZones(db: Executor, today: string): Promise<ZoneAd[]> {
  const live = await repo.listLiveAds(db, null, today);
  return adZoneIds.flatMap((zoneId) => {
    const zoneAds = live.filter((row) => row.zoneId === zoneId);
    return zoneAds.length ? [zoneAdView(adOfTheDay(zoneAds, today))] : [];
  });
}

/**
 * The ad images on the first screen of the page at `pathname` (none for most pages): each zone's phone
 * image for phones and its wide image for the rest, as the zone's <picture> chooses them.
 */
export async function firstScreenAdImages(
  db: Executor,
  pathname: string,
  today: string,
): Promise<Array<{ href: string; media?: string }>> {
  const zoneIds = firstScreenAdZones[pathname];
  if (!zoneIds) return [];
  const ads = await adsForZones(db, today);
  return zoneIds.flatMap((zoneId) => {
    const ad = ads.find((candidate) => candidate.zoneId === zoneId);
    if (!ad) return [];
    const phone = zoneImageUrl(ad, zoneId, true);
    if (phone === ad.imageUrl) return [{ href: ad.imageUrl }];
    return [
      { href: phone, media: adPhoneMedia },
      { href: ad.imageUrl, media: `not all and ${adPhoneMedia}` },
    ];
  });
}

export async function listAllAds(
  db: Executor,
  page: number,
  perPage: number,
  today: string,
  zoneId?: string,
) {
  const { rows, total } = await repo.listAds(db, page, perPage, zoneId);
  return { results: rows.map((row) => adminView(row, today)), total };
}

export async function getAdOrThrow(db: Executor, id: number, today: string) {
  const row = await repo.findAd(db, id);
  if (!row) throw new AppError('not_found', houseAdNotFoundMessage);
  return adminView(row, today);
}

export async function createAd(db: Db, caller: Caller, values: HouseAdValues, today: string) {
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertAd(tx, values);
    await audit.recordEvent(tx, actorOf(caller), { type: 'house_ad', id: created.id }, 'created', {
      name: created.name,
      zoneId: created.zoneId,
    });
    return created;
  });
  return adminView(row, today);
}

export async function updateAd(db: Db, caller: Caller, id: number, values: HouseAdValues, today: string) {
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateAd(tx, id, values);
    if (!updated) throw new AppError('not_found', houseAdNotFoundMessage);
    await audit.recordEvent(tx, actorOf(caller), { type: 'house_ad', id }, 'updated', {
      name: updated.name,
      zoneId: updated.zoneId,
      active: updated.active,
    });
    return updated;
  });
  return adminView(row, today);
}

export async function deleteAd(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteAd(tx, id))) throw new AppError('not_found', houseAdNotFoundMessage);
    await audit.recordEvent(tx, actorOf(caller), { type: 'house_ad', id }, 'deleted', {});
  });
}
