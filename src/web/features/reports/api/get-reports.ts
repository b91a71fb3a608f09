import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type SupplierReport = components['schemas']['SupplierReport'];
export type BuyerReport = components['schemas']['BuyerReport'];
export type ReportRange = { startDate?: string; endDate?: string };

/** The supplier analytics of the caller's company for the range (the last 12 weeks without one). */
export function useSupplierReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'supplier', range],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/reports/supplier', { params: { query: range }, signal })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The buyer analytics (spend by supplier and job) of the caller's company. */
export function useBuyerReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'buyer', range],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/reports/buyer', { params: { query: range }, signal })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
