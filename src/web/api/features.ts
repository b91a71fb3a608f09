import { useQuery } from '@tanstack/react-query';
import type { FeatureName } from '../../domain/features';
import { answerOf, api } from './api';

/** The features on for the caller; a failed fetch means none (spec part 1 §6). */
export function useFeatures() {
  const query = useQuery({
    queryKey: ['features'],
    queryFn: async () => {
      try {
        const answer = await answerOf(api.GET('/api/v1/features'));
        return answer.results.map((feature) => feature.name);
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
  const names = query.data ?? [];
  return { names, isOn: (name: FeatureName) => names.includes(name) };
}
