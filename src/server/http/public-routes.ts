/**
 * The API operations a visitor may call without signing in. Every other route under /api answers
 * 401 to an anonymous caller before its input is read (see sign-in-gate.ts), so a new route is
 * private unless it is added here, and a private route never tells outsiders which input it expects.
 *
 * Keys are the method and the route's pattern as registered (`GET /api/v1/brands/:slug`).
 */
export const publicOperations: ReadonlySet<string> = new Set([
  // Health checks of load balancers and monitors.
  'GET /api/health',

  // Signing in, and getting an account: sign-up is an invite request; password reset by e-mail.
  'POST /api/v1/sessions',
  // Stripe calls it; the signature is its authentication (payments.routes.ts).
  'POST /api/v1/payments/webhook',
  'POST /api/v1/passwords',
  'PUT /api/v1/passwords',
  'POST /api/v1/invite_requests',
  // Sign-up finds the company a person joins, or reads the invitation link they were sent.
  'GET /api/v1/organizations/lookup',
  'GET /api/v1/organization_invitations/:token',
  'POST /api/v1/newsletter_subscriptions',
  // Contact Us and 'Send Us Your List' create support requests (rate-limited per address).
  'POST /api/v1/support_requests',
  'POST /api/v1/support_requests/lists',

  // Feature flags: visitors get the global ones (the web app reads them before sign-in).
  'GET /api/v1/features',

  // The catalogue is open to visitors (spec part 1 §3): prices and restricted products follow the
  // caller when there is one.
  'GET /api/v1/products/search',
  'POST /api/v1/search_clicks',
  'GET /api/v1/products/:idOrPathIdentifier',
  'GET /api/v1/availabilities',
  'GET /api/v1/products/:productId/images',
  'GET /api/v1/product_images/:id/file',
  'GET /api/v1/product_groups',
  'GET /api/v1/branches',
  'GET /api/v1/branches/:slug',
  'GET /api/v1/branches/:slug/availabilities',
  'GET /api/v1/suppliers',
  'GET /api/v1/suppliers/states',
  'GET /api/v1/suppliers/pins',
  'GET /api/v1/brands',
  // Suppliers' logos and branches' order requirements and notices (issue 19) are shown to visitors.
  'GET /api/v1/supplier_logos/:name',
  'GET /api/v1/branch_terms',
  'GET /api/v1/brands/:slug',
  'GET /api/v1/brands/:organizationSlug/:slug',
  // A supplier's landing page by its organisation slug.
  'GET /api/v1/supplier_pages/:slug',

  // An e-mail's one-click unsubscribe link (the token in the link is the credential; issue 17).
  'POST /api/v1/notification_unsubscribes/:token',
  'POST /api/v1/notification_unsubscribes/:token/undo',

  // The landing page's published testimonials (issue 20).
  'GET /api/v1/testimonials',
  // The landing page's figures (issue 22).
  'GET /api/v1/marketplace_figures',

  // House ads shown on public pages.
  'GET /api/v1/ad_zones',
  'GET /api/v1/ad_zones/:zoneId',
]);

/** The API document and its viewer (swagger-ui registers several routes under this prefix). */
const publicPrefixes = ['/api/docs'];

/** Whether a route (its method and registered pattern) may be called without signing in. */
export function isPublicOperation(method: string, routePattern: string): boolean {
  // Fastify answers HEAD with the GET route of the same pattern.
  const asDeclared = method === 'HEAD' ? 'GET' : method;
  if (publicOperations.has(`${asDeclared} ${routePattern}`)) return true;
  return publicPrefixes.some((prefix) => routePattern === prefix || routePattern.startsWith(`${prefix}/`));
}
