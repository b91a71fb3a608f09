import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountOperator } from '../../../../domain/catalog/pricing';
import { apiRequest } from '../../../api/client';

/** One discount as the discounts page shows it. */
export type AccountDiscount = {
  id: number;
  name: string;
  label: string;
  operator: DiscountOperator;
  value: number;
  supplier: { id: number; name: string } | null;
  startsAt: string | null;
  endsAt: string | null;
  status: 'active' | 'scheduled';
};

export type AccountDiscounts = { purchaseDiscounts: AccountDiscount[]; platformDiscounts: AccountDiscount[] };

export const discountsQueryOptions = () =>
  queryOptions({
    queryKey: ['discounts'],
    queryFn: ({ signal }) => apiRequest<AccountDiscounts>('/api/v1/discounts', { signal }),
  });

/** The organisation's purchase discounts per supplier and the platform discounts open to it. */
export const useDiscounts = () => useQuery(discountsQueryOptions());
