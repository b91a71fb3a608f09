import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';

/** Postal addresses: an organisation's own address, branch addresses and (later) address-book entries. */
export const addresses = pgTable(
  'addresses',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    name: text('name'),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('USA'),
    phone: text('phone'),
    fax: text('fax'),
    addressType: text('address_type'),
    deliveryInstructions: text('delivery_instructions'),
  },
  (t) => [index('addresses_organization_idx').on(t.organizationId)],
);

/** Companies: buyers, suppliers (those with branches) or both. */
export const organizations = pgTable(
  'organizations',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    website: text('website'),
    invoiceEmail: text('invoice_email'),
    email: text('email'),
    companyType: text('company_type'),
    projectTypes: text('project_types').array().notNull().default(sql`'{}'::text[]`),
    companySize: text('company_size'),
    taxId: text('tax_id'),
    addressId: bigint('address_id', { mode: 'number' }).references(() => addresses.id),
    isBuyer: boolean('is_buyer').notNull().default(true),
    /** The supplier's logo (resized once on upload; issue 19), served from file storage. */
    logoUrl: text('logo_url'),
    /** Invoice terms in days: 0 is due on receipt; staff grant trade credit as Net 30 (issue 18). */
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
  },
  (t) => [uniqueIndex('organizations_slug_idx').on(t.slug)],
);

/** A supplier's location that holds stock and receives orders. */
export const branches = pgTable(
  'branches',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    addressId: bigint('address_id', { mode: 'number' }).references(() => addresses.id),
    displayAddress: text('display_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    logoUrl: text('logo_url'),
    isPrimary: boolean('is_primary').notNull().default(false),
    sellsOnline: boolean('sells_online').notNull().default(true),
    notices: text('notices'),
    stateCode: text('state_code'),
    postalCode: text('postal_code'),
    /** A hidden branch is left out of search and the supplier directory (issue 19). */
    hidden: boolean('hidden').notNull().default(false),
    /** Whether the branch honours buyers' purchase discounts (EVD); staff switch it off per branch (issue 20). */
    honorsPurchaseDiscount: boolean('honors_purchase_discount').notNull().default(true),
  },
  (t) => [
    uniqueIndex('branches_slug_idx').on(t.slug),
    index('branches_organization_idx').on(t.organizationId),
  ],
);
