import { useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { ApiError } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

export type SupplierLanding = components['schemas']['SupplierLanding'];

/** A supplier's public landing page by its organisation slug. */
export function useSupplierLanding(slug: string) {
  return useQuery({
    queryKey: ['supplier_pages', slug],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/supplier_pages/{slug}', { params: { path: { slug } }, signal })),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });
}
