import { isAdmin } from '../../../domain/access';
import { type FeatureName, flagsForUser } from '../../../domain/features';
import type { Caller } from '../../core/caller';
import type { AppDeps } from '../../core/deps';
import * as features from '../features/features.service';

/** Whether a feature is on for the caller (user, organisation and flags), as GET /api/v1/features says. */
export function featureOnFor(deps: Pick<AppDeps, 'features'>, caller: Caller, name: FeatureName) {
  return features.isEnabled(deps.features, name, {
    userId: caller.user.id,
    organizationId: caller.user.organizationId,
    flags: flagsForUser({
      admin: isAdmin(caller.user),
      supplier: (caller.profile?.branches.length ?? 0) > 0,
      activated: caller.user.activated,
    }),
  });
}
