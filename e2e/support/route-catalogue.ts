import type { APIRequestContext } from 'playwright-core';
import { demoPassword } from './browser';

/** Who looks at a page: a visitor, or one of the demo sign-ins. */
export type Viewer = 'visitor' | 'buyer' | 'supplier' | 'admin';

export type CataloguePage = { path: string; as: Viewer };

const demoEmails: Record<Exclude<Viewer, 'visitor'>, string> = {
  buyer: 'buyer@demo.hedgerow.test',
  supplier: 'supplier@demo.hedgerow.test',
  admin: 'admin@demo.hedgerow.test',
};

type List<T> = { results: T[] };

/** Signs a demo user in through the API; the token goes into localStorage as the web app keeps it. */
export async function demoToken(request: APIRequestContext, as: Exclude<Viewer, 'visitor'>) {
  const response = await request.post('/api/v1/sessions', {
    data: { email: demoEmails[as], password: demoPassword },
  });
  if (!response.ok()) throw new Error(`Sign-in failed for ${as}: ${response.status()}`);
  return ((await response.json()) as { token: string }).token;
}

async function read<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok()) throw new Error(`GET ${url}: ${response.status()}`);
  return (await response.json()) as T;
}

async function write<T>(request: APIRequestContext, url: string, token: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Every page of the route catalogue (spec part 3 §2.9 and the admin area, as src/web/router.tsx
 * has them) with real record ids from the demo data, each as the user who would open it. The
 * demo buyer gets a cart and a hubsheet when the demo has none.
 */
export async function routeCatalogue(request: APIRequestContext): Promise<CataloguePage[]> {
  const buyer = await demoToken(request, 'buyer');
  const supplier = await demoToken(request, 'supplier');
  const admin = await demoToken(request, 'admin');

  const product = (
    await read<List<{ pathIdentifier: string }>>(request, '/api/v1/products/search?query=maple')
  ).results[0];
  const branch = (await read<List<{ slug: string }>>(request, '/api/v1/suppliers')).results[0];
  const brand = (await read<List<{ slug: string }>>(request, '/api/v1/brands')).results[0];
  const brandPage = await read<{ suppliers: { slug: string }[] }>(request, `/api/v1/brands/${brand.slug}`);
  const state = (await read<{ state: string }[]>(request, '/api/v1/suppliers/states'))[0];

  let cart = (await read<List<{ id: number }>>(request, '/api/v1/carts', buyer)).results[0];
  cart ??= await write<{ id: number }>(request, '/api/v1/carts', buyer, { name: 'Accessibility check' });
  let hubsheet = (await read<List<{ id: number }>>(request, '/api/v1/hubsheets', buyer)).results[0];
  hubsheet ??= await write<{ id: number }>(request, '/api/v1/hubsheets', buyer, {
    name: 'Accessibility check',
    postalCode: '28202',
  });
  const order = (await read<List<{ id: number }>>(request, '/api/v1/orders?tab=buyer', buyer)).results[0];
  const supplierOrder = (await read<List<{ id: number }>>(request, '/api/v1/orders?tab=supplier', supplier))
    .results[0];
  const user = (await read<List<{ id: number }>>(request, '/api/internal/users', admin)).results[0];
  const organization = (await read<List<{ id: number }>>(request, '/api/internal/organizations', admin))
    .results[0];
  const adminOrder = (await read<List<{ orderNumber: string }>>(request, '/api/internal/orders', admin))
    .results[0];
  const adminBrand = (await read<List<{ id: number }>>(request, '/api/internal/brands', admin)).results[0];
  const adminProduct = (await read<List<{ id: number }>>(request, '/api/internal/products', admin))
    .results[0];

  const visitorPages = [
    '/',
    '/about',
    '/our_start',
    '/team',
    '/press',
    '/contact',
    '/privacy',
    '/terms',
    '/sitemap',
    '/help',
    '/how-it-works',
    '/faqs',
    '/search?query=maple',
    '/users/login',
    '/invite-requests/new',
    '/users/password/new',
    `/products/${product.pathIdentifier}`,
    `/products/${product.pathIdentifier}/availability`,
    '/suppliers',
    '/suppliers/map',
    '/suppliers/states',
    `/suppliers/states/${state.state}`,
    `/suppliers/${branch.slug}`,
    '/brands',
    `/brands/${brand.slug}`,
    ...(brandPage.suppliers[0] ? [`/brands/${brandPage.suppliers[0].slug}/${brand.slug}`] : []),
    '/no/such/page',
  ];
  const buyerPages = [
    '/home',
    '/search?query=maple',
    `/products/${product.pathIdentifier}`,
    '/users/edit',
    '/suppliers/favorites',
    '/orders',
    '/orders/schedule',
    ...(order ? [`/orders/${order.id}`] : []),
    '/quotes',
    `/quotes/${cart.id}`,
    `/quotes/${cart.id}/edit`,
    `/quotes/${cart.id}/review`,
    '/hubsheets',
    '/hubsheets/new',
    '/hubsheets/file_converter',
    `/hubsheets/${hubsheet.id}`,
    '/address_book',
    '/address_book/new',
    '/preferences/edit',
    '/discounts?tab=1',
  ];
  const supplierPages = [
    '/home',
    '/orders?tab=supplier',
    '/orders/fulfillment',
    ...(supplierOrder ? [`/orders/${supplierOrder.id}`, `/purchase_orders/${supplierOrder.id}/respond`] : []),
  ];
  const adminPages = [
    '/home',
    '/admin',
    '/admin/users',
    `/admin/users/${user.id}`,
    '/admin/organizations',
    `/admin/organizations/${organization.id}/edit`,
    `/admin/users/${user.id}/edit`,
    '/admin/features',
    '/admin/outbox',
    '/admin/orders',
    ...(adminOrder ? [`/admin/orders/${encodeURIComponent(adminOrder.orderNumber)}`] : []),
    '/admin/marketing',
    '/admin/marketing_messages/new',
    '/admin/house_ads',
    '/admin/roles',
    '/admin/roles/new',
    '/admin/support_requests',
    '/admin/brands',
    '/admin/brands/new',
    ...(adminBrand ? [`/admin/brands/${adminBrand.id}/edit`] : []),
    '/admin/products',
    ...(adminProduct ? [`/admin/products/${adminProduct.id}`] : []),
    '/admin/imports',
    '/admin/imports/new',
    '/admin/carts',
    '/admin/caretaker',
    '/admin/accounting',
    '/admin/testimonials',
    '/admin/testimonials/new',
  ];
  return [
    ...visitorPages.map((path) => ({ path, as: 'visitor' as const })),
    ...buyerPages.map((path) => ({ path, as: 'buyer' as const })),
    ...supplierPages.map((path) => ({ path, as: 'supplier' as const })),
    ...adminPages.map((path) => ({ path, as: 'admin' as const })),
  ];
}
