import type { Db } from '../../core/database';
import {
  allFeatures,
  ensureKnownFeatures,
  FeatureCache,
  updateFeature,
} from '../../modules/features/features.service';

/** The image/PDF converter is on in the demo (IMAGE_CONVERTER, issue 21); idempotent. */
export async function seedDemoConverter(db: Db) {
  const cache = new FeatureCache(db, 0);
  await ensureKnownFeatures(db, cache);
  const feature = (await allFeatures(cache)).find((f) => f.name === 'IMAGE_CONVERTER');
  if (!feature || (feature.active && feature.enabledGlobally)) return;
  await updateFeature(cache, feature.id, { active: true, enabledGlobally: true });
}
