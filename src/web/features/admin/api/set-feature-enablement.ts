import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlag } from '../../../../domain/features';
import { answerOf, api } from '../../../api/api';
import { storeFeature } from './update-feature';

/** Exactly one target: an organisation, a user or a group flag. */
export type EnablementTarget = { organizationId: number } | { userId: number } | { flag: FeatureFlag };

export const setFeatureEnablement = (featureId: number, target: EnablementTarget, enabled: boolean) =>
  answerOf(
    api.POST('/api/internal/features/{id}/enablements', {
      params: { path: { id: featureId } },
      body: { ...target, enabled },
    }),
  );

/** Turns a feature on (enabled: true) or back off (false) for one organisation, user or flag. */
export function useSetFeatureEnablement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      featureId,
      target,
      enabled,
    }: {
      featureId: number;
      target: EnablementTarget;
      enabled: boolean;
    }) => setFeatureEnablement(featureId, target, enabled),
    onSuccess: (feature) => storeFeature(queryClient, feature),
  });
}
