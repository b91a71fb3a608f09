import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKey } from '../../../../domain/notifications/notification-settings';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type NotificationSettings = components['schemas']['NotificationSettings'];
export type NotificationContact = components['schemas']['NotificationContact'];

const settingsKey = (organizationId: number) =>
  ['organizations', organizationId, 'notification_contacts'] as const;

export const notificationSettingsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: settingsKey(organizationId),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/notification_contacts', { params: { query: { organizationId } }, signal })),
  });

/** The organisation's notification contacts, its branches and their subscriptions. */
export const useNotificationSettings = (organizationId: number) =>
  useQuery(notificationSettingsQueryOptions(organizationId));

/** Every change answers the whole settings, which replace the cached ones (autosave). */
function useSettingsMutation<Vars>(
  organizationId: number,
  call: (vars: Vars) => Promise<NotificationSettings>,
  handlesErrors = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: handlesErrors ? { handlesErrors: true } : undefined,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(organizationId), settings),
  });
}

export type NewContact = {
  subscriptionKey: NotificationKey;
  branchId: number | null;
  notificationMethod: 'Email' | 'Phone';
  notificationDestination: string;
  contactLabel: string | null;
};

/** Adds a contact and subscribes it to one category; the form shows field errors itself. */
export const useCreateContact = (organizationId: number) =>
  useSettingsMutation(
    organizationId,
    (contact: NewContact) =>
      answerOf(api.POST('/api/v1/notification_contacts', { body: { ...contact, organizationId } })),
    true,
  );

export const useDeleteContact = (organizationId: number) =>
  useSettingsMutation(organizationId, (id: number) =>
    answerOf(api.DELETE('/api/v1/notification_contacts/{id}', { params: { path: { id } } })),
  );

export type SubscriptionChange = {
  notificationContactIds: number[];
  subscriptionKey: NotificationKey;
  branchId: number | null;
  subscribe: boolean;
};

/** Subscribes or unsubscribes contacts to one category (of one branch). */
export const useChangeSubscriptions = (organizationId: number) =>
  useSettingsMutation(organizationId, ({ subscribe, ...body }: SubscriptionChange) =>
    answerOf(
      subscribe
        ? api.POST('/api/v1/notification_subscriptions/subscribe', { body })
        : api.POST('/api/v1/notification_subscriptions/unsubscribe', { body }),
    ),
  );
