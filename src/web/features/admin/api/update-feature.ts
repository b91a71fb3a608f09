import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { type AdminFeature, adminFeaturesKey } from './get-features';

export type FeaturePatch = Partial<{ active: boolean; enabledGlobally: boolean; description: string | null }>;

export const updateFeature = (id: number, patch: FeaturePatch) =>
  answerOf(api.PATCH('/api/internal/features/{id}', { params: { path: { id } }, body: patch }));

/** Puts the server's answer for one feature into the cached list, so the table updates without a refetch. */
export function storeFeature(queryClient: QueryClient, feature: AdminFeature) {
  queryClient.setQueryData<AdminFeature[]>(adminFeaturesKey, (list) =>
    list?.map((existing) => (existing.id === feature.id ? feature : existing)),
  );
}

export function useUpdateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: FeaturePatch }) => updateFeature(id, patch),
    onSuccess: (feature) => storeFeature(queryClient, feature),
  });
}
