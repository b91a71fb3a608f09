import { createBrowserRouter } from 'react-router';
import { firstScreenAdZones } from '../domain/marketing/ad-zones';
import { currentUserQueryOptions } from './api/current-user';
import { queryClient } from './api/query-client';
import { tokenStore } from './api/token-store';
import { loadAdZones } from './api/zone-ads';
import { marketingMessagesQueryOptions } from './features/home/api/marketing-messages';
import { noticesQueryOptions, orderCountsQueryOptions } from './features/home/api/notices-query';
import { prefetchSearchResults } from './features/search/api/prefetch-search-results';
import { LandingPage } from './features/static-pages/pages/landing-page';
import { AppLayout } from './shell/app-layout';
import { ErrorPage } from './shell/error-page';
import {
  PageLoader,
  RedirectToEdit,
  RequireAdmin,
  RequireLogisticsOrAdmin,
  RequireSignedIn,
} from './shell/route-guards';
import { unreadMessageCountQueryOptions } from './shell/use-unread-message-count';
import type { AddToCartSlot } from './ui/availability-table';

// Each area is its own chunk, loaded when one of its pages is first opened.
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
});

const staticPages = () => import('./features/static-pages/pages/static-pages');
const contactForm = () => import('./features/support/components/contact-form');
const helpPages = () => import('./features/static-pages/pages/help-pages');
const notFound = () => import('./features/static-pages/pages/not-found-page');
const signIn = () => import('./features/auth/pages/sign-in-page');
const signOut = () => import('./features/auth/pages/sign-out-page');
const signUp = () => import('./features/auth/pages/sign-up-page');
const passwordPages = () => import('./features/auth/pages/password-pages');
const accountProfile = () => import('./features/auth/pages/account-profile-page');
const search = () => import('./features/search/pages/search-page');
const home = () => import('./features/home/pages/home-page');
const inventoryPages = () => import('./features/inventory/pages/inventory-pages');
const productPage = () => import('./features/catalog/pages/product-page');
const supplierPages = () => import('./features/suppliers/pages/supplier-pages');
const supplierMap = () => import('./features/suppliers/pages/supplier-map-page');
const brandPages = () => import('./features/suppliers/pages/brand-pages');
const savedCarts = () => import('./features/carts/pages/saved-carts-page');
const newCart = () => import('./features/carts/pages/new-cart-page');
const cartEdit = () => import('./features/carts/pages/cart-edit-page');
const cartPages = () => import('./features/carts/pages/cart-pages');
const ordersPage = () => import('./features/orders/pages/orders-page');
const invoicesPage = () => import('./features/invoices/pages/invoices-page');
const invoicePaymentPage = () => import('./features/invoices/pages/invoice-payment-page');
const paymentMethodsPages = () => import('./features/payments/pages/payment-methods-pages');
const orderPage = () => import('./features/orders/pages/order-page');
const orderDocumentDownload = () => import('./features/orders/pages/order-document-download-page');
const messagesPage = () => import('./features/messages/pages/messages-page');
const threadPage = () => import('./features/messages/pages/thread-page');
const threadDocument = () => import('./features/messages/pages/thread-document-page');
const respondPage = () => import('./features/orders/pages/respond-page');
const proposalPage = () => import('./features/orders/pages/proposal-page');
const orderSchedulePages = () => import('./features/orders/pages/order-schedule-pages');
const adminOrder = () => import('./features/orders/pages/admin-order-page');
const adminOrders = () => import('./features/orders/pages/admin-orders-page');
const adminUsers = () => import('./features/admin/pages/admin-users-page');
const adminUser = () => import('./features/admin/pages/admin-user-page');
const adminOrganizations = () => import('./features/admin/pages/admin-organizations-page');
const adminOrganization = () => import('./features/admin/pages/admin-organization-page');
const adminBranch = () => import('./features/admin/pages/admin-branch-page');
const adminTestimonials = () => import('./features/marketing/pages/admin-testimonials-pages');
const adminFeatures = () => import('./features/admin/pages/admin-features-page');
const adminOutbox = () => import('./features/admin/pages/admin-outbox-page');
const adminUnanswerable = () => import('./features/admin/pages/admin-unanswerable-orders-page');
const hubsheetsIndex = () => import('./features/hubsheets/pages/hubsheets-index-page');
const newHubsheet = () => import('./features/hubsheets/pages/new-hubsheet-page');
const hubsheetPage = () => import('./features/hubsheets/pages/hubsheet-page');
const addressBook = () => import('./features/account/pages/address-book-pages');
const preferences = () => import('./features/account/pages/preferences-page');
const discounts = () => import('./features/account/pages/discounts-page');
const notificationSettings = () => import('./features/organizations/pages/notification-settings-page');
const unsubscribe = () => import('./features/notifications/pages/unsubscribe-page');
const adminSupport = () => import('./features/support/pages/admin-support-requests-pages');
const adminProducts = () => import('./features/admin/pages/admin-products-pages');
const adminBrands = () => import('./features/admin/pages/admin-brands-pages');
const adminImports = () => import('./features/admin/pages/admin-imports-pages');
const adminRoles = () => import('./features/admin/pages/admin-roles-pages');
const adminCarts = () => import('./features/admin/pages/admin-carts-pages');
const adminCaretaker = () => import('./features/admin/pages/admin-caretaker-page');
const adminAccounting = () => import('./features/admin/pages/admin-accounting-page');
const adminMarketing = () => import('./features/marketing/pages/admin-marketing-pages');
const adminTrucks = () => import('./features/logistics/pages/admin-trucks-pages');
const adminLogistics = () => import('./features/logistics/pages/admin-logistics-page');
const newFreightEstimate = () => import('./features/logistics/pages/new-freight-estimate-page');
const addToCart = () => import('./features/carts/components/add-to-cart-button');
const productListingsAdd = () => import('./features/carts/components/product-listings-add');
const companyProfileCard = () => import('./features/organizations/components/company-profile-card');
const companyUsersPanel = () => import('./features/organizations/components/company-users-panel');
const companyPages = () => import('./features/organizations/pages/company-page');
const supplierLanding = () => import('./features/organizations/pages/supplier-landing-page');
const reportsPage = () => import('./features/reports/pages/reports-page');
const becomeSupplier = () => import('./features/organizations/pages/become-supplier-page');

/**
 * A page that shows a piece another area owns gets it here, as a prop, with both chunks loaded together:
 * a feature never imports another feature (the linter holds it), this file composes them.
 */
const composed = <Props extends object>(
  load: () => Promise<{ Page: React.ComponentType<Props>; props: Props }>,
) => ({
  lazy: async () => {
    const { Page, props } = await load();
    return { Component: () => <Page {...props} /> };
  },
});

/**
 * A page with ad zones (search, home) loads which zones are filled beside its code, so its first render
 * reserves the filled zones' boxes and gives the empty ones no space (nothing moves when the ads arrive).
 */
const withAdZones = (
  route: { lazy: () => Promise<{ Component: React.ComponentType }> },
  { preloadImagesOf = [] }: { preloadImagesOf?: readonly string[] } = {},
) => ({
  lazy: async () => (await Promise.all([route.lazy(), loadAdZones(preloadImagesOf)]))[0],
});

/**
 * The search page's results load beside its code: the loader starts the page's own request (and
 * returns at once) whenever /search is entered; changes of its filters on the page are the page's.
 * The prefetch is in this first script (a few hundred bytes, no zod): imported lazily it waited for the
 * shared chunks it imported, and the request left only after the page's code had run.
 */
const withSearchResults = {
  loader: ({ request }: { request: Request }) => {
    void prefetchSearchResults(new URL(request.url).search);
    return null;
  },
  shouldRevalidate: () => false,
};

/**
 * The home dashboard shows its panels once the notices, marketing messages, unread message count and
 * (for a member of an organisation) order counts above them are known (no layout shift): a signed-in
 * visitor's browser asks for them while the page's code downloads, not after.
 */
const withDashboardNotices = (route: { lazy: () => Promise<{ Component: React.ComponentType }> }) => ({
  lazy: () => {
    if (tokenStore.get()) {
      void queryClient.prefetchQuery(noticesQueryOptions());
      void queryClient.prefetchQuery(marketingMessagesQueryOptions());
      void queryClient.fetchQuery(currentUserQueryOptions()).then(
        (user) => {
          if (user?.organizationId) void queryClient.prefetchQuery(orderCountsQueryOptions());
          if (user?.messagesEnabled) void queryClient.prefetchQuery(unreadMessageCountQueryOptions(user.id));
        },
        () => undefined,
      );
    }
    return route.lazy();
  },
});

/** Product and supplier pages list availabilities with the carts area's 'Add to cart' column. */
const withAddToCartColumn = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  composed(async () => {
    const [module, carts] = await Promise.all([load(), addToCart()]);
    return {
      Page: module[name] as React.ComponentType<AddToCartSlot>,
      props: { addToCartColumn: carts.addToCartColumn },
    };
  });

/**
 * The app's routes in a browser router. Creating it matches the current path and starts its page's code
 * and data, so main.tsx does it in a task after the first script's.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <ErrorPage />,
      // Shown while the first page's lazy chunk loads.
      hydrateFallbackElement: <PageLoader />,
      children: [
        // The landing page is the one page in the entry chunk: it is most visitors' first page, and its own
        // code (some 2 KB compressed) costs less than the round trips for its chunk and the UI kit's.
        { index: true, Component: LandingPage },
        { path: 'about', ...page(staticPages, 'AboutPage') },
        { path: 'our_start', ...page(staticPages, 'OurStartPage') },
        { path: 'team', ...page(staticPages, 'TeamPage') },
        { path: 'press', ...page(staticPages, 'PressPage') },
        {
          path: 'contact',
          ...composed(async () => {
            const [{ ContactPage }, { ContactFormSlot }] = await Promise.all([staticPages(), contactForm()]);
            return {
              Page: ContactPage,
              props: { contactForm: (topic: string | null) => <ContactFormSlot topic={topic} /> },
            };
          }),
        },
        { path: 'privacy', ...page(staticPages, 'PrivacyPage') },
        { path: 'terms', ...page(staticPages, 'TermsPage') },
        { path: 'help', ...page(helpPages, 'HelpCenterPage') },
        { path: 'how-it-works', ...page(helpPages, 'HowItWorksPage') },
        { path: 'faqs', ...page(helpPages, 'FaqsPage') },
        { path: 'sitemap', ...page(helpPages, 'SitemapPage') },
        {
          path: 'search',
          ...withSearchResults,
          ...withAdZones(
            composed(async () => {
              const [{ SearchPage }, { ProductListingsAdd }] = await Promise.all([
                search(),
                productListingsAdd(),
              ]);
              return {
                Page: SearchPage,
                props: { addToCart: (product) => <ProductListingsAdd {...product} /> },
              };
            }),
            { preloadImagesOf: firstScreenAdZones['/search'] },
          ),
        },
        { path: 'users/login', ...page(signIn, 'SignInPage') },
        { path: 'users/logout', ...page(signOut, 'SignOutPage') },
        { path: 'invite-requests/new', ...page(signUp, 'SignUpPage') },
        { path: 'users/password/new', ...page(passwordPages, 'PasswordRequestPage') },
        { path: 'users/password/edit', ...page(passwordPages, 'PasswordResetPage') },
        { path: 'products/:pathIdentifier', ...withAddToCartColumn(productPage, 'ProductPage') },
        {
          path: 'products/:pathIdentifier/availability',
          ...withAddToCartColumn(productPage, 'ProductAvailabilityPage'),
        },
        { path: 'suppliers', ...page(supplierPages, 'SuppliersPage') },
        { path: 'suppliers/map', ...page(supplierMap, 'SupplierMapPage') },
        { path: 'suppliers/states', ...page(supplierPages, 'SupplierStatesPage') },
        { path: 'suppliers/states/:state', ...page(supplierPages, 'SupplierStatePage') },
        { path: 'suppliers/:slug', ...withAddToCartColumn(supplierPages, 'SupplierPage') },
        { path: 'supplier/:slug', ...page(supplierLanding, 'SupplierLandingPage') },
        { path: 'how-to-become-a-supplier', ...page(becomeSupplier, 'BecomeSupplierPage') },
        { path: 'brands', ...page(brandPages, 'BrandsPage') },
        { path: 'brands/:slug', ...page(brandPages, 'BrandPage') },
        { path: 'brands/:organizationSlug/:slug', ...page(brandPages, 'SupplierBrandPage') },
        { path: 'notifications/unsubscribe/:token', ...page(unsubscribe, 'UnsubscribePage') },
        {
          element: <RequireSignedIn />,
          children: [
            { path: 'home', ...withDashboardNotices(withAdZones(page(home, 'HomePage'))) },
            { path: 'dashboard', ...withDashboardNotices(withAdZones(page(home, 'HomePage'))) },
            { path: 'organizations/:slug/inventory', ...page(inventoryPages, 'OrganizationInventoryPage') },
            { path: 'suppliers/:slug/inventory', ...page(inventoryPages, 'BranchInventoryPage') },
            {
              path: 'users/edit',
              ...composed(async () => {
                const [{ AccountProfilePage }, { CompanyProfileCard }] = await Promise.all([
                  accountProfile(),
                  companyProfileCard(),
                ]);
                return {
                  Page: AccountProfilePage,
                  props: {
                    companyProfile: (organizationId) => (
                      <CompanyProfileCard organizationId={organizationId} />
                    ),
                  },
                };
              }),
            },
            { path: 'suppliers/favorites', ...page(supplierPages, 'FavoriteSuppliersPage') },
            { path: 'reports', ...page(reportsPage, 'ReportsPage') },
            { path: 'organizations/new', ...page(companyPages, 'NewCompanyPage') },
            { path: 'organizations/edit', ...page(companyPages, 'CompanyPage') },
            { path: 'organizations/:slug', ...page(companyPages, 'CompanyPage') },
            { path: 'orders', ...page(ordersPage, 'OrdersPage') },
            { path: 'invoices', ...page(invoicesPage, 'InvoicesPage') },
            { path: 'invoices/payment', ...page(invoicePaymentPage, 'InvoicePaymentPage') },
            { path: 'payment_methods', ...page(paymentMethodsPages, 'PaymentMethodsPage') },
            { path: 'payment_methods/credit-card', ...page(paymentMethodsPages, 'AddCreditCardPage') },
            { path: 'payment_methods/bank_account', ...page(paymentMethodsPages, 'AddBankAccountPage') },
            { path: 'messages', ...page(messagesPage, 'MessagesPage') },
            { path: 'messages/:threadId', ...page(threadPage, 'ThreadPage') },
            { path: 'downloads/thread_documents/:id', ...page(threadDocument, 'ThreadDocumentPage') },
            { path: 'orders/schedule', ...page(orderSchedulePages, 'OrderSchedulePage') },
            { path: 'orders/fulfillment', ...page(orderSchedulePages, 'OrderFulfillmentPage') },
            { path: 'orders/:id', ...page(orderPage, 'OrderPage') },
            { path: 'orders/:id/proposals/:proposalId', ...page(proposalPage, 'ProposalReviewPage') },
            { path: 'purchase_orders/:id/respond', ...page(respondPage, 'PurchaseOrderRespondPage') },
            {
              path: 'downloads/:id/order_document',
              ...page(orderDocumentDownload, 'OrderDocumentDownloadPage'),
            },
            { path: 'quotes', ...page(savedCarts, 'SavedCartsPage') },
            { path: 'quotes/new', ...page(newCart, 'NewCartPage') },
            { path: 'quotes/:id', ...page(cartPages, 'CartPage') },
            { path: 'quotes/:id/edit', ...page(cartEdit, 'CartEditPage') },
            { path: 'quotes/:id/review', ...page(cartPages, 'CartReviewPage') },
            { path: 'quotes/:id/submitted', ...page(cartPages, 'CartSubmittedPage') },
            { path: 'quotes/:id/download_quote_pdf', ...page(cartPages, 'QuotePdfDownloadPage') },
            { path: 'quotes/:id/download_quote_csv', ...page(cartPages, 'QuoteCsvDownloadPage') },
            { path: 'hubsheets', ...page(hubsheetsIndex, 'HubsheetsIndexPage') },
            { path: 'hubsheets/new', ...page(newHubsheet, 'NewHubsheetPage') },
            { path: 'hubsheets/file_converter', ...page(newHubsheet, 'FileConverterPage') },
            { path: 'hubsheets/:id', ...page(hubsheetPage, 'HubsheetPage') },
            { path: 'hubsheets/:id/download', ...page(hubsheetPage, 'HubsheetDownloadPage') },
            { path: 'address_book', ...page(addressBook, 'AddressBookPage') },
            { path: 'address_book/new', ...page(addressBook, 'NewAddressPage') },
            { path: 'address_book/:id/edit', ...page(addressBook, 'EditAddressPage') },
            { path: 'preferences/edit', ...page(preferences, 'PreferencesPage') },
            { path: 'discounts', ...page(discounts, 'DiscountsPage') },
            { path: 'notifications', ...page(notificationSettings, 'NotificationSettingsPage') },
          ],
        },
        {
          path: 'admin',
          element: <RequireAdmin />,
          children: [
            { index: true, ...page(() => import('./shell/admin-frame'), 'BeehiveIndex') },
            { path: 'users', ...page(adminUsers, 'AdminUsersPage') },
            { path: 'users/:id/edit', ...page(adminUser, 'AdminUserPage') },
            // The spec's paths end in /edit; the old ones redirect.
            { path: 'users/:id', element: <RedirectToEdit /> },
            { path: 'organizations', ...page(adminOrganizations, 'AdminOrganizationsPage') },
            {
              path: 'organizations/:id/edit',
              ...composed(async () => {
                const [{ AdminOrganizationPage }, { PendingMembersPanel }] = await Promise.all([
                  adminOrganization(),
                  companyUsersPanel(),
                ]);
                return {
                  Page: AdminOrganizationPage,
                  props: { pendingMembers: (id: number) => <PendingMembersPanel organizationId={id} /> },
                };
              }),
            },
            { path: 'organizations/:id', element: <RedirectToEdit /> },
            { path: 'organizations/:id/branches/:branchId/edit', ...page(adminBranch, 'AdminBranchPage') },
            { path: 'features', ...page(adminFeatures, 'AdminFeaturesPage') },
            { path: 'outbox', ...page(adminOutbox, 'AdminOutboxPage') },
            { path: 'unanswerable_orders', ...page(adminUnanswerable, 'AdminUnanswerableOrdersPage') },
            { path: 'marketing', ...page(adminMarketing, 'AdminMarketingPage') },
            { path: 'marketing_messages/new', ...page(adminMarketing, 'NewMarketingMessagePage') },
            { path: 'marketing_messages/:id/edit', ...page(adminMarketing, 'EditMarketingMessagePage') },
            { path: 'house_ads', ...page(adminMarketing, 'AdminHouseAdsPage') },
            { path: 'testimonials', ...page(adminTestimonials, 'AdminTestimonialsPage') },
            { path: 'testimonials/new', ...page(adminTestimonials, 'NewTestimonialPage') },
            { path: 'testimonials/:id/edit', ...page(adminTestimonials, 'EditTestimonialPage') },
            { path: 'roles', ...page(adminRoles, 'AdminRolesPage') },
            { path: 'products', ...page(adminProducts, 'AdminProductsPage') },
            { path: 'products/:id', ...page(adminProducts, 'AdminProductPage') },
            { path: 'brands', ...page(adminBrands, 'AdminBrandsPage') },
            { path: 'brands/new', ...page(adminBrands, 'AdminBrandNewPage') },
            { path: 'brands/:id/edit', ...page(adminBrands, 'AdminBrandEditPage') },
            { path: 'imports', ...page(adminImports, 'AdminImportsPage') },
            { path: 'imports/new', ...page(adminImports, 'NewAdminImportPage') },
            { path: 'imports/:id', ...page(adminImports, 'AdminImportPage') },
            { path: 'support_requests', ...page(adminSupport, 'AdminSupportRequestsPage') },
            { path: 'support_requests/:id/edit', ...page(adminSupport, 'EditSupportRequestPage') },
            { path: 'roles/new', ...page(adminRoles, 'NewRolePage') },
            { path: 'roles/:id/edit', ...page(adminRoles, 'EditRolePage') },
            { path: 'carts', ...page(adminCarts, 'AdminCartsPage') },
            { path: 'carts/:cartNumber/edit', ...page(adminCarts, 'AdminCartPage') },
            { path: 'caretaker', ...page(adminCaretaker, 'AdminCaretakerPage') },
            { path: 'accounting', ...page(adminAccounting, 'AdminAccountingPage') },
          ],
        },
        {
          // The logistics team's pages (issue 16): admins and logistics admins.
          element: <RequireLogisticsOrAdmin />,
          children: [
            { path: 'admin/orders', ...page(adminOrders, 'AdminOrdersPage') },
            { path: 'admin/orders/:orderNumber', ...page(adminOrder, 'AdminOrderPage') },
            { path: 'admin/logistics', ...page(adminLogistics, 'AdminLogisticsPage') },
            { path: 'admin/trucks', ...page(adminTrucks, 'AdminTrucksPage') },
            { path: 'admin/trucks/new', ...page(adminTrucks, 'NewTruckPage') },
            { path: 'admin/trucks/:id/edit', ...page(adminTrucks, 'EditTruckPage') },
            { path: 'freight_estimates/:id/new', ...page(newFreightEstimate, 'NewFreightEstimatePage') },
          ],
        },
        { path: '*', ...page(notFound, 'NotFoundPage') },
      ],
    },
  ]);
