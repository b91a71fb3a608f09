import { type AdZoneId, adZoneSize } from '../../../domain/marketing/ad-zones';
import { houseAdSchema } from '../../../domain/marketing/house-ads';
import { type MarketingAudience, marketingMessageSchema } from '../../../domain/marketing/marketing-messages';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import * as houseAds from '../../modules/marketing/house-ads.service';
import * as marketingMessages from '../../modules/marketing/marketing-messages.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';

/** One house ad in every zone the pages reserve: the dashboards' (activated or not) and the search page's. */
const demoAds: { zoneId: AdZoneId; name: string; image: string; linkUrl: string; altText: string }[] = [
  {
    zoneId: '20776',
    name: 'Upload a plant list',
    image: 'upload-plant-list',
    linkUrl: '/hubsheets/new',
    altText: 'Upload your plant list: turn a schedule into a priced HubSheet in minutes',
  },
  {
    zoneId: '20777',
    name: 'Suppliers near your job',
    image: 'suppliers-near-you',
    linkUrl: '/suppliers',
    altText: 'Suppliers near your job: compare branches by distance, stock and trade price',
  },
  {
    zoneId: '20778',
    name: 'Finish setting up',
    image: 'finish-setup',
    linkUrl: '/payment_methods',
    altText: 'Finish setting up your account: add a payment method so your first order ships without delay',
  },
  {
    zoneId: '20779',
    name: 'How it works',
    image: 'how-it-works',
    linkUrl: '/how-it-works',
    altText: 'New to Hedgerow? See how one cart becomes a purchase order for each branch',
  },
  {
    zoneId: '21639',
    name: 'Spring planting (search)',
    image: 'spring-planting',
    linkUrl: '/search?query=maple',
    altText: 'Spring planting is here: reserve trees and shrubs early from growers near you',
  },
  {
    zoneId: '21635',
    name: 'Sourcing help (search filters)',
    image: 'sourcing-help',
    linkUrl: '/contact',
    altText: "Can't find it? Our team sources from wholesale growers across the region",
  },
  {
    zoneId: '21640',
    name: 'Become a supplier (search)',
    image: 'become-a-supplier',
    linkUrl: '/how-to-become-a-supplier',
    altText: 'Grow wholesale sales: list your nursery or yard and reach contractors near you',
  },
  {
    zoneId: '21636',
    name: 'Shop by brand (search)',
    image: 'browse-brands',
    linkUrl: '/brands',
    altText: 'Shop by brand: find the brands your plans specify at branches near the job',
  },
];

/** One dashboard message for each audience, so every demo sign-in sees the ones meant for it. */
const demoMessages: {
  audience: MarketingAudience;
  title: string;
  message: string;
  ctaUrl: string;
  ctaButtonLabel: string;
}[] = [
  {
    audience: 'all_users',
    title: 'Spring availability is in',
    message:
      'Growers have posted their spring lists: trees, shrubs and perennials are in stock across the region.',
    ctaUrl: '/search?query=maple',
    ctaButtonLabel: 'See what is in stock',
  },
  {
    audience: 'activated',
    title: 'Price a whole plan at once',
    message: 'Upload the plant schedule from your drawings and we match every line to branches near the job.',
    ctaUrl: '/hubsheets/new',
    ctaButtonLabel: 'Upload a list',
  },
  {
    audience: 'non_activated',
    title: 'Finish setting up your account',
    message:
      'Add a payment method and your company details so your first order reaches the supplier at once.',
    ctaUrl: '/payment_methods',
    ctaButtonLabel: 'Add payment method',
  },
  {
    audience: 'buyers',
    title: 'Favorite the suppliers you trust',
    message: 'Star your usual branches and filter search to My Favorites to see their stock first.',
    ctaUrl: '/suppliers',
    ctaButtonLabel: 'Find suppliers',
  },
  {
    audience: 'suppliers',
    title: 'See the week ahead',
    message: 'Your order schedule lists every pickup and delivery by day, so no purchase order slips.',
    ctaUrl: '/orders/schedule',
    ctaButtonLabel: 'Open schedule',
  },
];

/**
 * House ads for every zone and a marketing message for every audience, written by the demo admin
 * through the marketing services (validated by the same schemas as Beehive's forms). Each is added
 * only while nothing of its kind exists, so a restart adds nothing and staff's edits stay.
 */
export async function seedDemoMarketing(db: Db, today: string) {
  const admin = await findUserByEmail(db, 'admin@demo.hedgerow.test');
  const profile = admin && (await findUserProfile(db, admin.id));
  if (!admin || !profile) return;
  const caller: Caller = { user: admin, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };

  const { total: ads } = await houseAds.listAllAds(db, 1, 1, today);
  if (ads === 0) {
    for (const ad of demoAds) {
      const values = houseAdSchema.parse({
        name: ad.name,
        zoneId: ad.zoneId,
        imageUrl: `/ads/${ad.image}.svg`,
        // A wide zone's phone banner (public/ads/*-phone.svg), whose words stay readable on a phone.
        phoneImageUrl: adZoneSize(ad.zoneId)?.phone ? `/ads/${ad.image}-phone.svg` : null,
        linkUrl: ad.linkUrl,
        altText: ad.altText,
      });
      await houseAds.createAd(db, caller, values, today);
    }
  }

  const { total: messages } = await marketingMessages.listAllMessages(db, 1, 1, today);
  if (messages === 0) {
    for (const message of demoMessages) {
      await marketingMessages.createMessage(db, caller, marketingMessageSchema.parse(message), today);
    }
  }
}
