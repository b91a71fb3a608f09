/** Every URL of the web app, in one place (STYLE.md: all URLs come from one paths module). */
export const paths = {
  landing: '/',
  home: '/home',
  dashboard: '/dashboard',
  signIn: (redirectTo?: string) =>
    redirectTo ? `/users/login?redirect_to=${encodeURIComponent(redirectTo)}` : '/users/login',
  signUp: (redirect?: string) =>
    redirect ? `/invite-requests/new?redirect=${encodeURIComponent(redirect)}` : '/invite-requests/new',
  passwordNew: '/users/password/new',
  passwordEdit: '/users/password/edit',
  profile: '/users/edit',
  search: (query?: string) => (query ? `/search?query=${encodeURIComponent(query)}` : '/search'),
  newCart: '/quotes/new?action=quote',
  carts: '/quotes',
  submittedCarts: '/quotes?filter=submitted',
  cart: (id: number) => `/quotes/${id}`,
  cartEdit: (id: number, options: { reorder?: boolean } = {}) =>
    options.reorder ? `/quotes/${id}/edit?reorder=true` : `/quotes/${id}/edit`,
  cartReview: (id: number) => `/quotes/${id}/review`,
  cartSubmitted: (id: number) => `/quotes/${id}/submitted`,
  quotePdf: (id: number, options: { showSupplier?: boolean } = {}) =>
    options.showSupplier === false
      ? `/quotes/${id}/download_quote_pdf?show_supplier=false`
      : `/quotes/${id}/download_quote_pdf`,
  quoteCsv: (id: number, format: 'BUYER_CSV' | 'QUOTE_CSV' | 'FULL_CSV') =>
    `/quotes/${id}/download_quote_csv?format=${format}`,
  order: (id: number) => `/orders/${id}`,
  orderProposal: (id: number, proposalId: number) => `/orders/${id}/proposals/${proposalId}`,
  respondToOrder: (id: number) => `/purchase_orders/${id}/respond`,
  ordersNeedingResponse: '/orders?tab=supplier&orderType=needs_response',
  orderSchedule: '/orders/schedule',
  orderFulfillment: '/orders/fulfillment',
  adminOrders: '/admin/orders',
  adminOrder: (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}`,
  ordersTab: (tab: 'buyer' | 'supplier', orderType?: 'needs_response' | 'open') =>
    `/orders?tab=${tab}${orderType ? `&orderType=${orderType}` : ''}`,
  orderDocument: (id: number, type: 'purchase_order' | 'bill_of_lading') =>
    `/downloads/${id}/order_document?type=${type}`,
  hubsheets: '/hubsheets',
  newHubsheet: '/hubsheets/new',
  orders: '/orders',
  messages: '/messages',
  analytics: '/reports',
  addressBook: '/address_book',
  discounts: '/discounts?tab=1',
  paymentMethods: '/payment_methods',
  organization: (slug: string) => `/organizations/${slug}`,
  suppliers: '/suppliers',
  supplierMap: '/suppliers/map',
  suppliersByState: '/suppliers/states',
  favoriteSuppliers: '/suppliers/favorites',
  brands: '/brands',
  brand: (slug: string) => `/brands/${encodeURIComponent(slug)}`,
  supplier: (slug: string) => `/suppliers/${encodeURIComponent(slug)}`,
  supplierState: (state: string) => `/suppliers/states/${encodeURIComponent(state)}`,
  productAvailability: (pathIdentifier: string) =>
    `/products/${encodeURIComponent(pathIdentifier)}/availability`,
  product: (pathIdentifier: string) => `/products/${pathIdentifier}`,
  productGroup: (slug: string) => `/search?productGroupSlug=${encodeURIComponent(slug)}`,
  productFamily: (groupSlug: string, familySlug: string) =>
    `/search?productGroupSlug=${encodeURIComponent(groupSlug)}&productFamilySlug=${encodeURIComponent(familySlug)}`,
  about: '/about',
  ourStory: '/our_start',
  team: '/team',
  press: '/press',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  features: '/about#features',
  becomeSupplier: '/contact?topic=supplier',
  careers: '/about#careers',
  sitemap: '/sitemap',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUser: (id: number) => `/admin/users/${id}`,
  adminOrganizations: '/admin/organizations',
  adminOrganization: (id: number) => `/admin/organizations/${id}`,
  adminFeatures: '/admin/features',
  adminOutbox: '/admin/outbox',
} as const;

/** Links that leave the app (help centre and marketing pages hosted elsewhere). */
export const externalLinks = {
  howItWorks: 'https://help.hedgerow.test/how-it-works',
  faqs: 'https://help.hedgerow.test/faq',
  helpCenter: 'https://help.hedgerow.test',
  blog: 'https://blog.hedgerow.test',
  podcast: 'https://blog.hedgerow.test/podcast',
  marketplaceReports: 'https://blog.hedgerow.test/reports',
  facebook: 'https://facebook.com/hedgerow',
  instagram: 'https://instagram.com/hedgerow',
  linkedin: 'https://linkedin.com/company/hedgerow',
} as const;
