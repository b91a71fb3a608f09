import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** One discount as the discounts page shows it. */
export type AccountDiscount = components['schemas']['Discount'];

export type AccountDiscounts = components['schemas']['DiscountList'];

export const discountsQueryOptions = () =>
  queryOptions({
    queryKey: ['discounts'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/discounts', { signal })),
  });

/** The organisation's purchase discounts per supplier and the platform discounts open to it. */
export const useDiscounts = () => useQuery(discountsQueryOptions());
