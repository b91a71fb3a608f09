import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../core/database';
import { hashPassword } from '../../modules/auth/passwords';
import { addresses, branches, organizations } from '../../modules/organizations/organizations.tables';
import { users } from '../../modules/users/users.tables';

/** The demo sign-ins printed at start-up. */
export const demoAccounts = [
  { email: 'buyer@demo.hedgerow.test', role: 'buyer (approved, activated)' },
  { email: 'newbuyer@demo.hedgerow.test', role: 'buyer (not yet activated)' },
  { email: 'supplier@demo.hedgerow.test', role: 'supplier (two branches)' },
  { email: 'admin@demo.hedgerow.test', role: 'admin' },
  { email: 'logistics@demo.hedgerow.test', role: 'logistics admin' },
  { email: 'crew@demo.hedgerow.test', role: "a second member of the demo buyer's company" },
  { email: 'newhire@demo.hedgerow.test', role: "asked to join the demo buyer's company (pending)" },
  {
    email: 'cardinal@demo.hedgerow.test',
    role: 'buyer with no payment method (an order held for payment information)',
  },
] as const;

type AddressSeed = Omit<typeof addresses.$inferInsert, 'organizationId'>;

type OrganizationSeed = {
  slug: string;
  name: string;
  email: string;
  companyType: string;
  companySize: string;
  projectTypes: string[];
  isBuyer: boolean;
  address: AddressSeed;
  branches?: {
    slug: string;
    name: string;
    isPrimary: boolean;
    latitude: number;
    longitude: number;
    address: AddressSeed;
  }[];
};

const demoOrganizations: OrganizationSeed[] = [
  {
    slug: 'greenline-landscaping',
    name: 'Greenline Landscaping',
    email: 'office@greenline.example',
    companyType: 'Landscape Contractor',
    companySize: '21-50',
    projectTypes: ['Commercial Construction', 'Residential Enhancements'],
    isBuyer: true,
    address: {
      name: 'Greenline Landscaping',
      street1: '1450 Industrial Pkwy',
      city: 'Charlotte',
      state: 'NC',
      postalCode: '28208',
      phone: '(704) 555-0142',
    },
  },
  {
    // A buyer company with no payment method yet: its submitted cart waits in needs_payment_info.
    slug: 'cardinal-outdoor-living',
    name: 'Cardinal Outdoor Living',
    email: 'office@cardinaloutdoor.example',
    companyType: 'Landscape Contractor',
    companySize: '6-20',
    projectTypes: ['Residential Construction', 'Residential Enhancements'],
    isBuyer: true,
    address: {
      name: 'Cardinal Outdoor Living',
      street1: '215 Market St',
      city: 'Greensboro',
      state: 'NC',
      postalCode: '27401',
      phone: '(336) 555-0163',
    },
  },
  {
    slug: 'fresh-start-gardens',
    name: 'Fresh Start Gardens',
    email: 'hello@freshstart.example',
    companyType: 'Landscape Contractor',
    companySize: '1-5',
    projectTypes: ['Residential Construction'],
    isBuyer: true,
    address: {
      name: 'Fresh Start Gardens',
      street1: '88 Orchard Lane',
      city: 'Raleigh',
      state: 'NC',
      postalCode: '27601',
      phone: '(919) 555-0188',
    },
  },
  {
    slug: 'blue-ridge-growers',
    name: 'Blue Ridge Growers',
    email: 'sales@blueridgegrowers.example',
    companyType: 'Grower',
    companySize: '51-100',
    projectTypes: ['Inventory Stocking'],
    isBuyer: false,
    address: {
      name: 'Blue Ridge Growers',
      street1: '3100 Nursery Rd',
      city: 'Hendersonville',
      state: 'NC',
      postalCode: '28792',
      phone: '(828) 555-0110',
    },
    branches: [
      {
        slug: 'blue-ridge-growers-hendersonville',
        name: 'Blue Ridge Growers - Hendersonville',
        isPrimary: true,
        latitude: 35.3187,
        longitude: -82.461,
        address: {
          name: 'Blue Ridge Growers - Hendersonville',
          street1: '3100 Nursery Rd',
          city: 'Hendersonville',
          state: 'NC',
          postalCode: '28792',
          phone: '(828) 555-0110',
        },
      },
      {
        slug: 'blue-ridge-growers-greenville',
        name: 'Blue Ridge Growers - Greenville',
        isPrimary: false,
        latitude: 34.8526,
        longitude: -82.394,
        address: {
          name: 'Blue Ridge Growers - Greenville',
          street1: '740 Laurens Rd',
          city: 'Greenville',
          state: 'SC',
          postalCode: '29607',
          phone: '(864) 555-0175',
        },
      },
    ],
  },
];

type UserSeed = {
  email: string;
  firstName: string;
  lastName: string;
  organizationSlug: string | null;
  status: 'approved' | 'approved_for_site_use_only';
  activated: boolean;
  roles: string[];
  isMarketManager?: boolean;
  defaultPostalCode: string;
  phone?: string;
};

const demoUsers: UserSeed[] = [
  {
    email: 'buyer@demo.hedgerow.test',
    firstName: 'Dana',
    lastName: 'Whitfield',
    organizationSlug: 'greenline-landscaping',
    status: 'approved',
    activated: true,
    roles: [],
    defaultPostalCode: '28208',
  },
  {
    email: 'cardinal@demo.hedgerow.test',
    firstName: 'Riley',
    lastName: 'Chen',
    organizationSlug: 'cardinal-outdoor-living',
    status: 'approved',
    activated: true,
    roles: [],
    defaultPostalCode: '27401',
    phone: '(336) 555-0164',
  },
  {
    email: 'newbuyer@demo.hedgerow.test',
    firstName: 'Marco',
    lastName: 'Reyes',
    organizationSlug: 'fresh-start-gardens',
    status: 'approved_for_site_use_only',
    activated: false,
    roles: [],
    defaultPostalCode: '27601',
  },
  {
    email: 'supplier@demo.hedgerow.test',
    firstName: 'Ruth',
    lastName: 'Calloway',
    organizationSlug: 'blue-ridge-growers',
    status: 'approved',
    activated: true,
    roles: [],
    defaultPostalCode: '28792',
  },
  {
    email: 'admin@demo.hedgerow.test',
    firstName: 'Avery',
    lastName: 'Lindqvist',
    organizationSlug: null,
    status: 'approved',
    activated: true,
    roles: ['admin'],
    isMarketManager: true,
    defaultPostalCode: '28202',
  },
  {
    email: 'logistics@demo.hedgerow.test',
    firstName: 'Theo',
    lastName: 'Marsh',
    organizationSlug: null,
    status: 'approved',
    activated: true,
    roles: ['logistics_admin'],
    defaultPostalCode: '28202',
  },
  {
    // A support agent: the built-in 'support' role (Beehive's support requests, users, outbox; no flags).
    email: 'support@demo.hedgerow.test',
    firstName: 'Priya',
    lastName: 'Natarajan',
    organizationSlug: null,
    status: 'approved',
    activated: true,
    roles: ['support'],
    defaultPostalCode: '28202',
  },
  {
    // A market manager (issue 20), assigned to the demo buyer's company (demo-market-managers.ts).
    email: 'manager@demo.hedgerow.test',
    firstName: 'Jordan',
    lastName: 'Ellsworth',
    organizationSlug: null,
    status: 'approved',
    activated: true,
    roles: ['market_manager'],
    defaultPostalCode: '28202',
    phone: '(704) 555-0147',
  },
];

async function ensureOrganization(db: Executor, seed: OrganizationSeed) {
  const [existing] = await db.select().from(organizations).where(eq(organizations.slug, seed.slug));
  if (existing) return existing;
  const [organization] = await db
    .insert(organizations)
    .values({
      slug: seed.slug,
      name: seed.name,
      email: seed.email,
      invoiceEmail: seed.email,
      companyType: seed.companyType,
      companySize: seed.companySize,
      projectTypes: seed.projectTypes,
      isBuyer: seed.isBuyer,
    })
    .returning();
  const [address] = await db
    .insert(addresses)
    .values({ ...seed.address, organizationId: organization.id })
    .returning();
  await db.update(organizations).set({ addressId: address.id }).where(eq(organizations.id, organization.id));
  for (const branch of seed.branches ?? []) {
    const [branchAddress] = await db
      .insert(addresses)
      .values({ ...branch.address, organizationId: organization.id, addressType: 'branch' })
      .returning();
    await db.insert(branches).values({
      organizationId: organization.id,
      slug: branch.slug,
      name: branch.name,
      isPrimary: branch.isPrimary,
      latitude: branch.latitude,
      longitude: branch.longitude,
      addressId: branchAddress.id,
      displayAddress: `${branch.address.city}, ${branch.address.state}`,
    });
  }
  return organization;
}

/** Creates the demo organisations and sign-ins that do not exist yet; running it again adds nothing. */
export async function seedDemoAccounts(db: Db, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const organizationIds = new Map<string, number>();
    for (const seed of demoOrganizations)
      organizationIds.set(seed.slug, (await ensureOrganization(tx, seed)).id);
    for (const seed of demoUsers) {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${seed.email}`);
      if (existing) continue;
      await tx.insert(users).values({
        email: seed.email,
        passwordHash,
        firstName: seed.firstName,
        lastName: seed.lastName,
        status: seed.status,
        activated: seed.activated,
        roles: seed.roles,
        isMarketManager: seed.isMarketManager ?? false,
        organizationId: seed.organizationSlug ? organizationIds.get(seed.organizationSlug) : null,
        defaultPostalCode: seed.defaultPostalCode,
        phone: seed.phone ?? '(704) 555-0100',
      });
    }
  });
}
