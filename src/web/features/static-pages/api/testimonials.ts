import { useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

/** The published testimonials the landing page shows (Beehive's changes refetch them under this key). */
export const usePublishedTestimonials = () =>
  useQuery({
    queryKey: ['testimonials'],
    queryFn: async ({ signal }) => (await answerOf(api.GET('/api/v1/testimonials', { signal }))).results,
    staleTime: 5 * 60_000,
  });
