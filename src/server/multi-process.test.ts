/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: two apps, each with its
 * own connection pool and caches, on one fresh database, with DATABASE_URL set so they hear each
 * other's writes. Runs only with TEST_DATABASE_URL (CI runs the API tests on PostgreSQL): on PGlite
 * one process owns its database, so there is nothing to share.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductSearchResponse } from '../domain/search/search-results';
import { buildApp } from './app';
import { fixedClock } from './core/clock';
import type { Database } from './core/database';
import { openPostgres, queryRows } from './db/client';
import { tooManyAttemptsMessage } from './modules/auth/auth.service';
import { availabilities } from './modules/catalog/catalog.tables';
import { signedInBuyer, supplierListing } from './test/cart-factories';
import { eventually } from './test/eventually';
import { bearer, insertUser, testPassword, tokenFor } from './test/factories';
import { multipartForm } from './test/multipart';
import { createDatabaseFromTemplate, dropDatabase } from './test/postgres-databases';
import { testConfig } from './test/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;
const template = inject('postgresTemplate');

describe.skipIf(!serverUrl || !template)('several server processes on one PostgreSQL database', () => {
  let databaseName: string;
  let dataDir: string;
  const databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const created = await createDatabaseFromTemplate(serverUrl as string, template as string);
    databaseName = created.name;
    // One uploads folder for both, as a shared volume would be.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hedgerow-processes-'));
    const start = async () => {
      const database = await openPostgres(created.url, 5);
      databases.push(database);
      const app = await buildApp({
        // Long caches: only the other process's notice (or the change-log poll) can make a process
        // forget a signed-out session or a search answer.
        config: testConfig({
          databaseUrl: created.url,
          dataDir,
          sessionCacheSeconds: 60,
          searchCacheSeconds: 60,
        }),
        database,
        logger: false,
        clock: fixedClock('2026-11-22T15:00:00Z'),
      });
      await app.ready();
      return app;
    };
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const database of databases) await database.close();
    if (databaseName) await dropDatabase(serverUrl as string, databaseName);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const db = () => a.deps.db;

  it('a token from one works on the other, and signing out on one ends it on both', async () => {
    const user = await insertUser(db());
    const signedIn = await a.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      payload: { email: user.email, password: testPassword },
      remoteAddress: '10.9.0.1',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const headers = bearer(signedIn.json<{ token: string }>().token);

    const current = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/v1/users/current', headers });
    const onB = await current(b);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.json()).toMatchObject({ email: user.email });

    // B now holds the session in its cache for a minute; A's sign-out must reach it anyway.
    expect((await a.inject({ method: 'DELETE', url: '/api/v1/sessions', headers })).statusCode).toBe(204);
    expect((await current(a)).statusCode).toBe(401);
    expect(await eventually(async () => (await current(b)).statusCode === 401)).toBe(true);
  });

  it('eleven failed sign-ins spread over both processes get 429', async () => {
    const user = await insertUser(db());
    const attempt = (app: FastifyInstance, password: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        payload: { email: user.email, password },
        // A new address each time, so only the e-mail's count can trip the limit.
        remoteAddress: `10.9.1.${n + 1}`,
      });
    for (let n = 0; n < 10; n++) {
      const response = await attempt(n % 2 === 0 ? a : b, 'wrong-password', n);
      expect(response.statusCode, response.body).toBe(401);
    }
    for (const [n, app] of [a, b].entries()) {
      const blocked = await attempt(app, testPassword, 10 + n);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ message: tooManyAttemptsMessage, code: 'rate_limited' });
    }
  });

  it('one submit sent with one Idempotency-Key to both at once makes one set of orders', async () => {
    const buyer = await signedInBuyer(db());
    const first = await supplierListing(db());
    const second = await supplierListing(db());
    const cart = (
      await a.inject({
        method: 'POST',
        url: '/api/v1/carts',
        headers: buyer.headers,
        payload: { name: 'Depot' },
      })
    ).json<{ id: number }>();
    for (const listing of [first, second]) {
      const added = await b.inject({
        method: 'POST',
        url: '/api/v1/cart_items',
        headers: buyer.headers,
        payload: {
          cartId: cart.id,
          branchId: listing.branch.id,
          productVariantId: listing.variant.id,
          quantity: 2,
        },
      });
      expect(added.statusCode, added.body).toBe(201);
    }

    const headers = { ...buyer.headers, 'idempotency-key': 'two-processes-submit-0001' };
    const submit = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: `/api/v1/carts/${cart.id}/submit`, headers });
    const answers = await Promise.all([submit(a), submit(b)]);

    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    const orderIds = answers.map((answer) =>
      answer
        .json<{ orders: { id: number }[] }>()
        .orders.map((order) => order.id)
        .sort(),
    );
    expect(orderIds[0]).toHaveLength(2);
    expect(orderIds[1]).toEqual(orderIds[0]);
    const [stored] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from orders where cart_id = ${cart.id}`,
    );
    expect(stored.n).toBe(2);
  });

  it('a catalogue change written through one appears in search answered by the other', async () => {
    const listing = await supplierListing(db(), { quantity: 40 });
    const name = `Cornus florida Twoprocess ${listing.product.id}`;
    await db().execute(sql`update products set primary_name = ${name} where id = ${listing.product.id}`);
    const supplier = await insertUser(db(), { organizationId: listing.organizationId });
    const supplierHeaders = bearer(await tokenFor(db(), supplier.id));

    const found = async () => {
      const response = await b.inject({
        method: 'GET',
        url: `/api/v1/products/search?query=${encodeURIComponent(name)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<ProductSearchResponse>()
        .results.find((result) => result.id === listing.product.id);
    };
    // B has loaded its index and shows the product as it is.
    expect(await found()).toMatchObject({ imageUrl: null, totalAvailable: 40 });

    // A product photo, uploaded through A's API.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const { payload, contentType } = multipartForm([{ field: 'photos', filename: 'yard.png', data: png }], {
      pictureTakenOn: '11/02/2026',
      public: 'true',
      branchId: String(listing.branch.id),
    });
    const uploaded = await a.inject({
      method: 'POST',
      url: `/api/v1/products/${listing.product.id}/images`,
      headers: { ...supplierHeaders, 'content-type': contentType, 'x-client-date': '2026-11-22' },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoUrl = uploaded.json<{ results: { image: { url: string } }[] }>().results[0].image.url;
    expect(await eventually(async () => (await found())?.imageUrl === photoUrl)).toBe(true);
    // The file itself is in the shared folder: B serves what A stored.
    const file = await b.inject({ method: 'GET', url: photoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);

    // An availability change, written through A's connection (no API writes stock yet).
    await db()
      .update(availabilities)
      .set({ quantity: 7 })
      .where(
        and(eq(availabilities.branchId, listing.branch.id), eq(availabilities.productId, listing.product.id)),
      );
    expect(await eventually(async () => (await found())?.totalAvailable === 7)).toBe(true);
  });
});
