import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddressBookEntry,
  AddressBookEntryInput,
} from '../../../../domain/accounts/address-book-schema';
import { apiRequest } from '../../../api/client';

type AddressList = { results: AddressBookEntry[]; totalCount: number };

export const addressesKey = ['addresses'] as const;

export const getAddresses = (signal?: AbortSignal) =>
  apiRequest<AddressList>('/api/v1/addresses', { signal });

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesKey, queryFn: ({ signal }) => getAddresses(signal) });

/** The signed-in user's address book (their organisation's), default first. */
export const useAddresses = () => useQuery(addressesQueryOptions());

export const addressQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...addressesKey, id],
    queryFn: ({ signal }) => apiRequest<AddressBookEntry>(`/api/v1/addresses/${id}`, { signal }),
  });

export const useAddress = (id: number) => useQuery(addressQueryOptions(id));

export const createAddress = (values: AddressBookEntryInput) =>
  apiRequest<AddressBookEntry>('/api/v1/addresses', { method: 'POST', body: values });

export const updateAddress = (id: number, values: AddressBookEntryInput) =>
  apiRequest<AddressBookEntry>(`/api/v1/addresses/${id}`, { method: 'PATCH', body: values });

export const deleteAddress = (id: number) =>
  apiRequest<null>(`/api/v1/addresses/${id}`, { method: 'DELETE' });

/** Saves a new entry or changes one; either way the whole book is fetched again (the default may have moved). */
export function useSaveAddress(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddressBookEntryInput) =>
      id === null ? createAddress(values) : updateAddress(id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
