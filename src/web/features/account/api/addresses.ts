import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressBookEntryInput } from '../../../../domain/accounts/address-book-schema';
import { answerOf, api } from '../../../api/api';

export const addressesKey = ['addresses'] as const;

export const getAddresses = (signal?: AbortSignal) => answerOf(api.GET('/api/v1/addresses', { signal }));

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesKey, queryFn: ({ signal }) => getAddresses(signal) });

/** The signed-in user's address book (their organisation's), default first. */
export const useAddresses = () => useQuery(addressesQueryOptions());

export const addressQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...addressesKey, id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/addresses/{id}', { params: { path: { id } }, signal })),
  });

export const useAddress = (id: number) => useQuery(addressQueryOptions(id));

export const createAddress = (values: AddressBookEntryInput) =>
  answerOf(api.POST('/api/v1/addresses', { body: values }));

export const updateAddress = (id: number, values: AddressBookEntryInput) =>
  answerOf(api.PATCH('/api/v1/addresses/{id}', { params: { path: { id } }, body: values }));

export const deleteAddress = (id: number) =>
  answerOf(api.DELETE('/api/v1/addresses/{id}', { params: { path: { id } } }));

/** Saves a new entry or changes one; either way the whole book is fetched again (the default may have moved). */
export function useSaveAddress(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddressBookEntryInput) =>
      id === null ? createAddress(values) : updateAddress(id, values),
    // The address form puts field messages on its fields and toasts any other failure itself.
    meta: { handlesErrors: true },
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
