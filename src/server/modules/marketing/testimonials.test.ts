import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
});
afterAll(() => t?.close());

const as = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
const asAdmin = (options: InjectOptions) => as(adminToken, options);

const quote = 'Priced a 40-line plant list in ten minutes.';

describe('testimonials', () => {
  it('staff write testimonials and the landing page shows only the published ones', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/internal/testimonials',
      payload: { quote, name: 'Dana Whitfield', company: 'Greenline' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ published: false, company: 'Greenline' });
    const id = created.json().id;

    // Visitors may read them without signing in; a draft is not shown.
    const hidden = await t.app.inject({ method: 'GET', url: '/api/v1/testimonials' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().results).toEqual([]);

    const published = await asAdmin({
      method: 'PUT',
      url: `/api/internal/testimonials/${id}`,
      payload: { quote, name: 'Dana Whitfield', company: '', published: true },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, company: null });

    const shown = await t.app.inject({ method: 'GET', url: '/api/v1/testimonials' });
    expect(shown.json().results).toEqual([{ id, quote, name: 'Dana Whitfield', company: null }]);

    const listed = await asAdmin({ method: 'GET', url: '/api/internal/testimonials' });
    expect(listed.json().results.map((r: { id: number }) => r.id)).toContain(id);
    expect((await asAdmin({ method: 'DELETE', url: `/api/internal/testimonials/${id}` })).statusCode).toBe(
      204,
    );
    expect((await asAdmin({ method: 'GET', url: `/api/internal/testimonials/${id}` })).statusCode).toBe(404);
  });

  it('names every missing field at once and refuses staff without manage_marketing', async () => {
    const blank = await asAdmin({
      method: 'POST',
      url: '/api/internal/testimonials',
      payload: { quote: ' ', name: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ quote: 'Enter the quote', name: 'Enter who said it' });
    const support = await insertUser(t.db, { roles: ['support'] });
    const token = await tokenFor(t.db, support.id);
    const refused = await as(token, {
      method: 'POST',
      url: '/api/internal/testimonials',
      payload: { quote: 'x', name: 'y' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
