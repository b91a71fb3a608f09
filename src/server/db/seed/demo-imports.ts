import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { systemClock } from '../../core/clock';
import type { Db } from '../../core/database';
import type { JobSender } from '../../jobs/job-queue';
import type { SessionRow } from '../../modules/auth/auth.repository';
import {
  applyImport,
  createCatalogImport,
  type ImportJob,
  runImportJob,
} from '../../modules/imports/imports.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import { queryRows } from '../client';

async function callerFor(db: Db, email: string): Promise<Caller | null> {
  const user = await findUserByEmail(db, email);
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return null;
  return { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
}

/** Runs the queued preview or apply at once (the seed has no job worker). */
function inlineJobs(db: Db) {
  const queued: ImportJob[] = [];
  const jobs = {
    send: async (_queue: string, data: object) => {
      queued.push(data as ImportJob);
      return null;
    },
  } as unknown as JobSender;
  const drain = async () => {
    while (queued.length > 0) await runImportJob(db, systemClock, queued.shift() as ImportJob);
  };
  return { jobs, drain };
}

// Real trade plants (shared/data/trade-plants.csv); the Hydrangea line's size is misspelt on purpose.
const greenGoods = `botanical_name,cultivar,trade_name,common_name,category,sizes
Ilex opaca,Greenleaf,,Greenleaf American Holly,Evergreen Tree,#7|#15|6-8ft B&B
Ilex crenata,Sky Pencil,,Sky Pencil Japanese Holly,Evergreen Shrub,#3|#5|#7
Hydrangea paniculata,Jane,Little Lime,Little Lime Hydrangea,Flowering Shrub,#3|three gallon
`;

const hardGoods = `name,brand,category,unit,sizes_or_variants
Pine Bark Mini Nuggets,,Mulch,bag 2 cu ft,Natural
Decomposed Granite,,Stone & Aggregates,ton,Gold|Gray
,,Mulch,cu yd,Natural
`;

/**
 * Beehive's imports in the demo (issue 20), made through the imports service staff use: a green goods
 * file applied (one line refused for its size), and a hard goods file waiting in its preview.
 * Idempotent: does nothing once a catalogue import exists.
 */
export async function seedDemoImports(db: Db) {
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from imports where kind in ('green_goods', 'hard_goods')`,
  );
  if (existing.n > 0) return;
  const admin = await callerFor(db, 'admin@demo.hedgerow.test');
  if (!admin) return;
  const { jobs, drain } = inlineJobs(db);
  const green = await createCatalogImport(db, jobs, admin, {
    kind: 'green_goods',
    branchId: null,
    organizationId: null,
    upload: { filename: 'spring-plants.csv', data: Buffer.from(greenGoods), mode: 'append' },
  });
  await drain();
  await applyImport(db, jobs, admin, green, 'staff');
  await drain();
  await createCatalogImport(db, jobs, admin, {
    kind: 'hard_goods',
    branchId: null,
    organizationId: null,
    upload: { filename: 'landscape-supplies.csv', data: Buffer.from(hardGoods), mode: 'append' },
  });
  await drain();
}
