import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { productName } from '../domain/brand';
import type { Config } from './config';
import { type Clock, systemClock } from './core/clock';
import type { Database } from './core/database';
import type { AppDeps } from './core/deps';
import { clientToday } from './http/client-date';
import { responseSerializer } from './http/contract';
import { registerErrorHandling } from './http/errors';
import { healthSchema } from './http/health';
import { registerHostileInputChecks } from './http/hostile-input';
import { registerPatchBodyCheck } from './http/patch-bodies';
import { registerSignInGate } from './http/sign-in-gate';
import { registerWebApp } from './http/web-app';
import { followWrites } from './http/writes';
import { JobQueue } from './jobs/job-queue';
import { accountingRoutes } from './modules/accounting/accounting.routes';
import { quickbooksLinkFor } from './modules/accounting/quickbooks-connection.service';
import { registerQuickbooksPush } from './modules/accounting/quickbooks-push.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { rolesRoutes } from './modules/admin/roles.routes';
import { apiKeysRoutes } from './modules/auth/api-keys.routes';
import { AttemptLimiter } from './modules/auth/attempt-limiter';
import { authRoutes } from './modules/auth/auth.routes';
import type { SessionWithUser } from './modules/auth/auth.service';
import { registerEndedSessionsCleanup } from './modules/auth/ended-sessions-job';
import { SessionCache } from './modules/auth/session-cache';
import { cartStaffRoutes } from './modules/carts/cart-staff.routes';
import { cartsRoutes } from './modules/carts/carts.routes';
import { adminBrandsRoutes } from './modules/catalog/admin-brands.routes';
import { adminProductsRoutes } from './modules/catalog/admin-products.routes';
import { brandsRoutes } from './modules/catalog/brands.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { inventoryRoutes } from './modules/catalog/inventory.routes';
import { loyaltyDiscountsRoutes } from './modules/catalog/loyalty-discounts.routes';
import { productGroupsRoutes } from './modules/catalog/product-groups.routes';
import { productImagesRoutes } from './modules/catalog/product-images.routes';
import { purchaseDiscountsRoutes } from './modules/catalog/purchase-discounts.routes';
import { suppliersRoutes } from './modules/catalog/suppliers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { featuresRoutes } from './modules/features/features.routes';
import { FeatureCache } from './modules/features/features.service';
import { registerHubsheetMatching } from './modules/hubsheets/hubsheet-matching-job';
import { hubsheetSourcingRoutes } from './modules/hubsheets/hubsheet-sourcing.routes';
import { hubsheetsRoutes } from './modules/hubsheets/hubsheets.routes';
import { registerImageConversion } from './modules/hubsheets/import-images.service';
import { importsRoutes } from './modules/imports/imports.routes';
import { registerImportJobs } from './modules/imports/imports.service';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { logisticsRoutes } from './modules/logistics/logistics.routes';
import * as houseAds from './modules/marketing/house-ads.service';
import { marketingRoutes } from './modules/marketing/marketing.routes';
import { marketingMessagesRoutes } from './modules/marketing/marketing-messages.routes';
import { MarketplaceFiguresCache } from './modules/marketing/marketplace-figures.service';
import { testimonialsRoutes } from './modules/marketing/testimonials.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { registerReminders } from './modules/messages/reminders.service';
import { registerEmailDelivery } from './modules/notifications/email-delivery';
import { createMailTransport, type MailTransport } from './modules/notifications/mailer';
import { registerMessageNotifications } from './modules/notifications/message-delivery';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { registerTextDelivery } from './modules/notifications/text-delivery';
import { createSmsProvider, type SmsProvider } from './modules/notifications/text-messages';
import { orderChecksRoutes } from './modules/orders/order-checks.routes';
import { orderDocumentsRoutes } from './modules/orders/order-documents.routes';
import { orderListsRoutes } from './modules/orders/order-lists.routes';
import { orderScheduleRoutes } from './modules/orders/order-schedule.routes';
import { orderStaffRoutes } from './modules/orders/order-staff.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { branchAdminRoutes } from './modules/organizations/branch-admin.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { registerPaymentJobs } from './modules/payments/payments.service';
import { SandboxPaymentProvider } from './modules/payments/sandbox-payment-provider';
import { StripePaymentProvider } from './modules/payments/stripe-payment-provider';
import { photoRequestsRoutes } from './modules/photo-requests/photo-requests.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { searchRoutes } from './modules/search/search.routes';
import { QueryTermsReader, SearchCache, SearchTracker } from './modules/search/search.service';
import { SearchIndexKeeper } from './modules/search/search-index';
import { seoRoutes } from './modules/seo/seo.routes';
import { supportRoutes } from './modules/support/support.routes';
import { accountRoutes } from './modules/users/account.routes';
import { marketManagersRoutes } from './modules/users/market-managers.routes';
import { membershipsRoutes } from './modules/users/memberships.routes';
import { surveyRoutes } from './modules/users/survey.routes';
import { usersRoutes } from './modules/users/users.routes';
import { openFileStorage } from './storage/open-file-storage';

// WEB_DIST_DIR lets several checkouts' builds (or parallel test runs) live side by side.
export const webDistDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(import.meta.dirname, '../../dist/web');

type BuildOptions = {
  config: Config;
  database: Database;
  mailTransport?: MailTransport;
  smsProvider?: SmsProvider;
  logger?: boolean;
  clock?: Clock;
};

/**
 * The composition root: every long-lived object the app keeps (caches, the search index, the
 * mailer, the job queue, storage, the clock) is built here, once per app, and reaches modules through `app.deps`.
 * Modules keep no state of their own at module level, so two apps in one process (tests) share
 * nothing.
 */
export function buildDeps(options: BuildOptions, log: FastifyBaseLogger): AppDeps {
  const { config, database } = options;
  const jobs = new JobQueue(database, { log });
  const clock = options.clock ?? systemClock;
  return {
    db: database.db,
    database,
    config,
    storage: openFileStorage(config),
    clock,
    jobs,
    mail: {
      transport: options.mailTransport ?? createMailTransport(config.smtpUrl),
      from: config.mailFrom,
      appUrl: config.appUrl,
      queue: jobs,
    },
    sms: options.smsProvider ?? createSmsProvider(config),
    signInLimiter: new AttemptLimiter(database.db, 10, 60_000),
    sessionCache: new SessionCache<SessionWithUser>(config.sessionCacheSeconds * 1000),
    searchIndex: new SearchIndexKeeper(database.db),
    searchCache: new SearchCache(config.searchCacheSeconds * 1000),
    queryTerms: new QueryTermsReader(),
    searchTracker: new SearchTracker(database.db, log, { delayMs: 250, maxBatch: 500, now: clock.now }),
    features: new FeatureCache(database.db),
    marketplaceFigures: new MarketplaceFiguresCache(60_000, clock),
    payments: {
      provider: config.stripe
        ? new StripePaymentProvider(config.stripe.secretKey, config.stripe.apiBase)
        : new SandboxPaymentProvider(),
      publishableKey: config.stripe?.publishableKey ?? null,
      webhookSecret: config.stripe?.webhookSecret ?? null,
    },
  };
}

/** Builds the whole HTTP application; tests call it with their own database. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false || config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: config.checkResponses }));
  app.decorate('deps', buildDeps(options, app.log));
  const { jobs } = app.deps;
  // Modules register their background work; it starts with the app and stops (finishing what runs) on close.
  registerEmailDelivery(jobs, {
    db: database.db,
    transport: app.deps.mail.transport,
    from: config.mailFrom,
    attempts: config.mailAttempts,
    retryDelaySeconds: config.mailRetryDelaySeconds,
  });
  // Every recorded message notifies the receiving side's subscribed contacts (issue 17).
  registerMessageNotifications(jobs, {
    db: database.db,
    mail: app.deps.mail,
    sms: app.deps.sms,
    attempts: config.mailAttempts,
    retryDelaySeconds: config.mailRetryDelaySeconds,
  });
  registerTextDelivery(jobs, {
    db: database.db,
    sms: app.deps.sms,
    attempts: config.mailAttempts,
    retryDelaySeconds: config.mailRetryDelaySeconds,
  });
  registerReminders(jobs, database.db, app.deps.clock);
  registerHubsheetMatching(jobs, database.db, app.log);
  registerImportJobs(jobs, database.db, app.deps.clock);
  registerImageConversion(jobs, database.db, app.log);
  registerEndedSessionsCleanup(jobs, database.db, app.deps.clock);
  registerPaymentJobs(jobs, database.db, app.deps);
  registerQuickbooksPush(jobs, database.db, quickbooksLinkFor(config), app.deps.clock);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  followWrites(app, app.deps, jobs, config.databaseUrl);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  registerErrorHandling(app);
  registerSignInGate(app);
  registerHostileInputChecks(app);
  registerPatchBodyCheck(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine writes its CSS variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  // Answers over 1 KB go out compressed (brotli, else gzip). Brotli at quality 4 costs about what
  // gzip does per answer; the web build's files are compressed once, at quality 11, by the build
  // (vite.config.ts) and sent as they are (preCompressed below).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${productName} API`,
        version: '1.0.0',
        description: `The ${productName} marketplace API.`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a meta id (the error envelope, shared views) become named components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const reachable = await database.ping().catch(() => false);
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'unavailable',
        database: { kind: database.kind, reachable },
        // Searches wait for the product search index while it loads (seconds on a large catalogue).
        searchIndex: { ready: app.deps.searchIndex.ready },
      });
    },
  );

  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(organizationsRoutes);
  await app.register(notificationsRoutes);
  await app.register(membershipsRoutes);
  await app.register(reportsRoutes);
  await app.register(featuresRoutes);
  await app.register(marketingRoutes);
  await app.register(adminRoutes);
  await app.register(rolesRoutes);
  await app.register(apiKeysRoutes);
  await app.register(marketManagersRoutes);
  await app.register(branchAdminRoutes);
  await app.register(testimonialsRoutes);
  await app.register(supportRoutes);
  await app.register(adminProductsRoutes);
  await app.register(adminBrandsRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(suppliersRoutes);
  await app.register(brandsRoutes);
  await app.register(productImagesRoutes);
  await app.register(productGroupsRoutes);
  await app.register(inventoryRoutes);
  await app.register(purchaseDiscountsRoutes);
  await app.register(loyaltyDiscountsRoutes);
  await app.register(importsRoutes);
  await app.register(cartsRoutes);
  await app.register(cartStaffRoutes);
  await app.register(ordersRoutes);
  await app.register(orderStaffRoutes);
  await app.register(orderChecksRoutes);
  await app.register(accountingRoutes);
  await app.register(orderDocumentsRoutes);
  await app.register(messagesRoutes);
  await app.register(orderListsRoutes);
  await app.register(invoicesRoutes);
  await app.register(paymentsRoutes);
  await app.register(orderScheduleRoutes);
  await app.register(hubsheetsRoutes);
  await app.register(hubsheetSourcingRoutes);
  await app.register(dashboardRoutes);
  await app.register(accountRoutes);
  await app.register(surveyRoutes);
  await app.register(marketingMessagesRoutes);
  await app.register(seoRoutes);
  await app.register(logisticsRoutes);
  await app.register(photoRequestsRoutes);

  await registerWebApp(app, {
    distDir: webDistDir,
    firstScreenImages: (pathname, request) =>
      houseAds.firstScreenAdImages(database.db, pathname, clientToday(request)),
  });
  return app;
}
