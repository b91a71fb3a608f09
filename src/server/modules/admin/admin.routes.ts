import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessStatuses, staffRoles } from '../../../domain/access';
import { companyViewSchema } from '../../../domain/accounts/company-view';
import {
  adminOrganizationListItemSchema,
  adminOrganizationSchema,
  adminUserDetailSchema,
  adminUserSchema,
  outboxEmailSchema,
  unanswerableOrderSchema,
} from '../../../domain/admin/admin-views';
import { featureFlags, featureViewSchema } from '../../../domain/features';
import { tradeCreditBodySchema, tradeCreditSchema } from '../../../domain/invoices/payment-views';
import { recordIdParam } from '../../../domain/record-ids';
import { signedInSchema } from '../../../domain/users/current-user';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import { listUnanswerableOrders } from '../../read-models/unanswerable-orders';
import { setTradeCredit } from '../../workflows/payment-setup';
import * as audit from '../audit/audit.service';
import * as auth from '../auth/auth.service';
import * as features from '../features/features.service';
import * as notifications from '../notifications/notifications.service';
import * as organizations from '../organizations/organizations.service';
import * as users from '../users/users.service';
import { auditEventView, outboxEmailView, userAdminView } from './admin-views';

const idParams = z.object({ id: recordIdParam() });

const userPatchSchema = z
  .object({
    status: z.enum(accessStatuses),
    activated: z.boolean(),
    roles: z.array(z.enum(staffRoles)).max(staffRoles.length),
    isMarketManager: z.boolean(),
    messagesEnabled: z.boolean(),
  })
  .partial();

const enablementSchema = z
  .object({
    organizationId: z.number().int().positive().optional(),
    userId: z.number().int().positive().optional(),
    flag: z.enum(featureFlags).optional(),
    enabled: z.boolean(),
  })
  .refine((v) => [v.organizationId, v.userId, v.flag].filter((x) => x !== undefined).length === 1, {
    error: 'Choose exactly one of organisation, user or flag',
    path: ['organizationId'],
  });

export const cannotImpersonateSelfMessage = 'You are already signed in as yourself.';
export const cannotChangeOwnAccessMessage =
  'You cannot change your own status or remove your own admin role. Ask another admin.';

// An admin who locks themselves out needs another admin to undo it; refuse it up front.
function changesOwnAccess(patch: { status?: string; roles?: string[] }) {
  return (
    (patch.status !== undefined && patch.status !== 'approved') ||
    (patch.roles !== undefined && !patch.roles.includes('admin'))
  );
}

/** Beehive, the staff admin area's API: users, organisations, feature flags, impersonation, outbox. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Each route declares its permission (config.permission); the sign-in gate checks it before the body
  // is validated, so outsiders learn nothing from 400s. Handlers ask again for the caller (cached).

  app.get(
    '/api/internal/users',
    {
      config: { permission: 'view_users' },
      schema: {
        tags: ['admin'],
        querystring: z.object({ ...pagingQuery, status: z.enum(accessStatuses).optional() }),
        response: answers({ 200: listEnvelopeSchema(adminUserSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_users');
      const { page, perPage, query, status } = request.query;
      const { rows, total } = await users.listUsers(deps.db, { page, perPage, query, status });
      return listResponse(
        rows.map((row) => userAdminView(row.user, row.organizationName)),
        total,
        page,
        perPage,
      );
    },
  );

  app.get(
    '/api/internal/users/:id',
    {
      config: { permission: 'view_users' },
      schema: {
        tags: ['admin'],
        params: idParams,
        response: answers({ 200: adminUserDetailSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_users');
      const user = await users.getUserOrThrow(deps.db, request.params.id);
      const current = await users.getCurrentUser(deps.db, deps.features, user);
      const events = await audit.listEventsFor(deps.db, 'user', user.id);
      return {
        ...userAdminView(user, current.organizationName),
        supplier: current.supplier,
        events: events.map(auditEventView),
      };
    },
  );

  app.patch(
    '/api/internal/users/:id',
    {
      config: { permission: 'edit_users' },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: userPatchSchema,
        response: answers({ 200: adminUserSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'edit_users');
      // Staff roles grant permissions: changing them is role management.
      if (request.body.roles !== undefined) await requirePermission(request, 'manage_roles');
      const before = await users.getUserOrThrow(deps.db, request.params.id);
      if (before.id === admin.user.id && changesOwnAccess(request.body)) {
        throw new AppError('unprocessable', cannotChangeOwnAccessMessage);
      }
      const updated = await deps.db.transaction(async (tx) => {
        const row = await users.updateUser(tx, before.id, request.body);
        const changes = Object.fromEntries(
          Object.entries(request.body).map(([key, value]) => [
            key,
            { from: before[key as keyof typeof before], to: value },
          ]),
        );
        await audit.recordEvent(
          tx,
          { userId: admin.user.id },
          { type: 'user', id: before.id },
          'admin_updated',
          changes,
        );
        return row!;
      });
      const organizationName = updated.organizationId
        ? (await organizations.getCompanyForStaff(deps.db, updated.organizationId)).name
        : null;
      return userAdminView(updated, organizationName);
    },
  );

  app.post(
    '/api/internal/users/:id/impersonation',
    {
      config: { permission: 'impersonate_users' },
      schema: {
        tags: ['admin'],
        params: idParams,
        response: answers({ 201: signedInSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const admin = await requirePermission(request, 'impersonate_users');
      const target = await users.getUserOrThrow(deps.db, request.params.id);
      if (target.id === admin.user.id) throw new AppError('unprocessable', cannotImpersonateSelfMessage);
      const token = await deps.db.transaction(async (tx) => {
        await audit.recordEvent(
          tx,
          { userId: admin.user.id },
          { type: 'user', id: target.id },
          'impersonation_started',
        );
        return auth.openSession(
          tx,
          target.id,
          1,
          { ipAddress: request.ip, userAgent: request.headers['user-agent'] },
          admin.user.id,
        );
      });
      const user = await users.getCurrentUser(deps.db, deps.features, target, {
        impersonator: { id: admin.user.id, fullName: `${admin.user.firstName} ${admin.user.lastName}` },
      });
      return reply.status(201).send({ token, user });
    },
  );

  app.get(
    '/api/internal/organizations',
    {
      config: { permission: 'view_organizations' },
      schema: {
        tags: ['admin'],
        querystring: z.object(pagingQuery),
        response: answers({ 200: listEnvelopeSchema(adminOrganizationListItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_organizations');
      const { page, perPage, query } = request.query;
      const { rows, total } = await organizations.listOrganizations(deps.db, { page, perPage, query });
      return listResponse(
        rows.map((row) => ({
          id: row.organization.id,
          name: row.organization.name,
          slug: row.organization.slug,
          email: row.organization.email,
          companyType: row.organization.companyType,
          isBuyer: row.organization.isBuyer,
          branchCount: row.branchCount,
          userCount: row.userCount,
          createdAt: row.organization.createdAt.toISOString(),
        })),
        total,
        page,
        perPage,
      );
    },
  );

  app.get(
    '/api/internal/organizations/:id',
    {
      config: { permission: 'view_organizations' },
      schema: {
        tags: ['admin'],
        params: idParams,
        response: answers({ 200: adminOrganizationSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_organizations');
      const company = await organizations.getCompanyForStaff(deps.db, request.params.id);
      const branches = await organizations.listBranchesOf(deps.db, company.id);
      const members = await users.listUsersOfOrganization(deps.db, company.id);
      const billing = await organizations.findBillingProfile(deps.db, company.id);
      return {
        ...company,
        paymentTermsDays: billing?.paymentTermsDays ?? 0,
        branches: branches.map((b) => ({ id: b.id, name: b.name, slug: b.slug, isPrimary: b.isPrimary })),
        users: members.map((user) => userAdminView(user, company.name)),
      };
    },
  );

  app.patch(
    '/api/internal/organizations/:id',
    {
      config: { permission: 'edit_organizations' },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: z.object({ name: z.string().trim().min(1).max(200), isBuyer: z.boolean() }).partial(),
        response: answers({ 200: companyViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'edit_organizations');
      await organizations.getCompanyForStaff(deps.db, request.params.id);
      await deps.db.transaction(async (tx) => {
        await organizations.updateOrganization(tx, request.params.id, request.body);
        await audit.recordEvent(
          tx,
          { userId: admin.user.id },
          { type: 'organization', id: request.params.id },
          'admin_updated',
          request.body,
        );
      });
      return organizations.getCompanyForStaff(deps.db, request.params.id);
    },
  );

  // Trade credit (issue 18): Net 30 or due on receipt; a grant sends on orders held for payment.
  app.put(
    '/api/internal/organizations/:id/trade_credit',
    {
      config: { permission: 'edit_organizations' },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: tradeCreditBodySchema,
        response: answers({ 200: tradeCreditSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'edit_organizations');
      return setTradeCredit(deps.db, staff, request.params.id, request.body.paymentTermsDays);
    },
  );

  app.get(
    '/api/internal/features',
    {
      config: { permission: 'manage_feature_flags' },
      schema: {
        tags: ['admin'],
        response: answers({ 200: z.object({ results: z.array(featureViewSchema) }) }, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_feature_flags');
      return { results: await namedFeatureViews(deps.db, await features.allFeatures(deps.features)) };
    },
  );

  app.patch(
    '/api/internal/features/:id',
    {
      config: { permission: 'manage_feature_flags' },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: z
          .object({
            active: z.boolean(),
            enabledGlobally: z.boolean(),
            description: z.string().max(500).nullable(),
          })
          .partial(),
        response: answers({ 200: featureViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'manage_feature_flags');
      const feature = await features.updateFeature(deps.features, request.params.id, request.body);
      await audit.recordEvent(
        deps.db,
        { userId: admin.user.id },
        { type: 'feature', id: feature.id },
        'updated',
        request.body,
      );
      return (await namedFeatureViews(deps.db, [feature]))[0];
    },
  );

  app.post(
    '/api/internal/features/:id/enablements',
    {
      config: { permission: 'manage_feature_flags' },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: enablementSchema,
        response: answers({ 200: featureViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'manage_feature_flags');
      const { enabled, ...target } = request.body;
      if (target.userId) await users.getUserOrThrow(deps.db, target.userId);
      if (target.organizationId) await organizations.getCompanyForStaff(deps.db, target.organizationId);
      const feature = await features.setEnablement(deps.features, request.params.id, target, enabled);
      await audit.recordEvent(
        deps.db,
        { userId: admin.user.id },
        { type: 'feature', id: feature.id },
        enabled ? 'enabled_for' : 'disabled_for',
        target,
      );
      return (await namedFeatureViews(deps.db, [feature]))[0];
    },
  );

  app.get(
    '/api/internal/outbox',
    {
      config: { permission: 'view_outbox' },
      schema: {
        tags: ['admin'],
        querystring: z.object({ page: pagingQuery.page, perPage: pagingQuery.perPage }),
        response: answers({ 200: listEnvelopeSchema(outboxEmailSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_outbox');
      const { page, perPage } = request.query;
      const { rows, total } = await notifications.listOutbox(deps.db, page, perPage);
      return listResponse(rows.map(outboxEmailView), total, page, perPage);
    },
  );

  // The queue 'Orders nobody can answer': open orders whose supplier has nobody able to sign in, oldest first.
  app.get(
    '/api/internal/orders/unanswerable',
    {
      config: { permission: 'view_orders' },
      schema: {
        tags: ['admin'],
        querystring: z.object({ page: pagingQuery.page, perPage: pagingQuery.perPage }),
        response: answers({ 200: listEnvelopeSchema(unanswerableOrderSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_orders');
      const { page, perPage } = request.query;
      const { rows, total } = await listUnanswerableOrders(deps.db, page, perPage);
      return listResponse(rows, total, page, perPage);
    },
  );
};

/** Features as Beehive shows them: whom each is enabled for by name (organisations and users, a few each). */
async function namedFeatureViews(db: Executor, list: Parameters<typeof features.featureView>[0][]) {
  const { organizationIds, userIds } = features.enablementTargets(list);
  const [organizationRows, userRows] = await Promise.all([
    organizations.findOrganizationNames(db, organizationIds),
    users.findUserNames(db, userIds),
  ]);
  const names: features.EnablementNames = {
    organizations: new Map(organizationRows.map((row) => [row.id, row.name])),
    users: new Map(userRows.map((row) => [row.id, `${row.firstName} ${row.lastName}`])),
  };
  return list.map((feature) => features.featureView(feature, names));
}
