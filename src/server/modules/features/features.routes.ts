import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdmin } from '../../../domain/access';
import { enabledFeaturesSchema, flagsForUser } from '../../../domain/features';
import { optionalAuth } from '../../http/auth';
import { answers } from '../../http/contract';
import * as users from '../users/users.service';
import * as features from './features.service';

/** The features that are on for the caller (global ones for visitors). */
export const featuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/features',
    { schema: { tags: ['features'], response: answers({ 200: enabledFeaturesSchema }) } },
    async (request) => {
      const caller = await optionalAuth(request);
      if (!caller) {
        const names = await features.enabledFeatureNames(deps.features, {
          userId: null,
          organizationId: null,
          flags: [],
        });
        return { results: names.map((name) => ({ name, enabled: true as const })) };
      }
      const current = await users.getCurrentUser(deps.db, deps.features, caller.user, {
        profile: caller.profile,
      });
      const names = await features.enabledFeatureNames(deps.features, {
        userId: caller.user.id,
        organizationId: caller.user.organizationId,
        flags: flagsForUser({
          admin: isAdmin(caller.user),
          supplier: current.supplier,
          activated: caller.user.activated,
        }),
      });
      return { results: names.map((name) => ({ name, enabled: true as const })) };
    },
  );
};
