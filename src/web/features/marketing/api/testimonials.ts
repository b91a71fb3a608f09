import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Testimonial, TestimonialInput } from '../../../../domain/marketing/testimonials';
import { answerOf, api } from '../../../api/api';

export type { Testimonial, TestimonialInput };

const adminTestimonialsKey = ['admin', 'testimonials'] as const;

export const useAdminTestimonials = () =>
  useQuery({
    queryKey: adminTestimonialsKey,
    queryFn: async ({ signal }) =>
      (await answerOf(api.GET('/api/internal/testimonials', { signal }))).results,
  });

export const useAdminTestimonial = (id: number) =>
  useQuery({
    queryKey: [...adminTestimonialsKey, 'one', id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/testimonials/{id}', { params: { path: { id } }, signal })),
  });

/** Creates a testimonial (id null) or changes one; the lists (and the landing page's) refetch. */
export function useSaveTestimonial(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestimonialInput) =>
      id === null
        ? answerOf(api.POST('/api/internal/testimonials', { body: body as never }))
        : answerOf(
            api.PUT('/api/internal/testimonials/{id}', { params: { path: { id } }, body: body as never }),
          ),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminTestimonialsKey });
      await queryClient.invalidateQueries({ queryKey: ['testimonials'] });
    },
  });
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/internal/testimonials/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTestimonialsKey }),
  });
}
