import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';

/** Our own ads for the pages' ad zones, each in one zone (the list lives in src/domain/marketing/house-ads.ts, so a new zone needs no migration) between optional first and last days. */
export const houseAds = pgTable(
  'house_ads',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    zoneId: text('zone_id').notNull(),
    imageUrl: text('image_url').notNull(),
    /** The image for screens up to 600 px wide (the zone's phone shape); without one the wide image shows there too. */
    phoneImageUrl: text('phone_image_url'),
    linkUrl: text('link_url').notNull(),
    altText: text('alt_text').notNull(),
    activeFrom: date('active_from', { mode: 'string' }),
    activeTo: date('active_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('house_ads_zone_idx').on(t.zoneId),
    check(
      'house_ads_dates_check',
      sql`${t.activeFrom} is null or ${t.activeTo} is null or ${t.activeTo} >= ${t.activeFrom}`,
    ),
  ],
);
