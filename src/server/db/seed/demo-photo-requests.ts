import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { FeatureCache } from '../../modules/features/features.service';
import { createPhotoRequest, replyWithPhotos } from '../../modules/photo-requests/photo-requests.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import type { FileStorage } from '../../storage/file-storage';
import { queryRows } from '../client';

async function callerFor(db: Db, email: string): Promise<Caller | null> {
  const user = await findUserByEmail(db, email);
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return null;
  return { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
}

/** A plain photo-sized picture (greens of a nursery row) so the demo reply has real files. */
function demoPhoto(shade: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: shade } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * One answered photo request in the demo (issue 16): the demo buyer asks a Blue Ridge Growers branch
 * for photos of a tree it lists, and the demo supplier answers with two photos, through the same
 * services the product page and the thread use. Needs the file storage; idempotent.
 */
export async function seedDemoPhotoRequests(db: Db, storage: FileStorage) {
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from photo_requests`,
  );
  if (count > 0) return;
  const buyer = await callerFor(db, 'buyer@demo.hedgerow.test');
  const supplier = await callerFor(db, 'supplier@demo.hedgerow.test');
  if (!buyer || !supplier || supplier.user.organizationId === null) return;
  const [listing] = await queryRows<{ branch_id: number; product_variant_id: number }>(
    db,
    sql`select a.branch_id::int, a.product_variant_id::int
          from availabilities a join branches b on b.id = a.branch_id join products p on p.id = a.product_id
         where b.organization_id = ${supplier.user.organizationId} and a.in_stock and not p.restricted
         order by a.id limit 1`,
  );
  if (!listing) return;
  const cache = new FeatureCache(db, 0);
  const request = await createPhotoRequest(db, { features: cache }, buyer, {
    branchId: listing.branch_id,
    productVariantId: listing.product_variant_id,
    notes:
      'For the Magnolia Park entrance: we need full, even crowns. A photo with a person for scale helps.',
  });
  const today = new Date().toISOString().slice(0, 10);
  await replyWithPhotos(
    db,
    storage,
    supplier,
    request.id,
    {
      files: [
        { filename: 'row-4-front.jpg', data: await demoPhoto('#3f6b35'), truncated: false },
        { filename: 'row-4-side.jpg', data: await demoPhoto('#5a8a48'), truncated: false },
      ],
      fields: { pictureTakenOn: today, public: 'true', message: 'Tagged three of these for you in row 4.' },
    },
    today,
  );
}
