import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { phoneMask } from '../../../../domain/accounts/phone';
import {
  categoryLabels,
  contactFieldsSchema,
  type NotificationKey,
} from '../../../../domain/notifications/notification-settings';
import { ApiError } from '../../../api/client';
import { PhoneInput } from '../../../ui/phone-input';
import { zodValidate } from '../../../ui/zod-form';
import { useCreateContact } from '../api/notification-settings';

export type ContactTarget = {
  key: NotificationKey;
  branchId: number | null;
  branchName: string | null;
  method: 'Email' | 'Phone';
};

type Values = { notificationDestination: string; contactLabel: string };

/** The contact form (spec part 3 §5): an e-mail or a phone number for texts, with an optional name. */
export function NotificationContactForm({
  organizationId,
  target,
  onClose,
}: {
  organizationId: number;
  target: ContactTarget;
  onClose: () => void;
}) {
  const create = useCreateContact(organizationId);
  const phone = target.method === 'Phone';
  const form = useForm<Values>({
    initialValues: { notificationDestination: '', contactLabel: '' },
    validate: zodValidate<Values>(contactFieldsSchema, (values) => ({
      ...values,
      notificationMethod: target.method,
    })),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        subscriptionKey: target.key,
        branchId: target.branchId,
        notificationMethod: target.method,
        notificationDestination: values.notificationDestination,
        contactLabel: values.contactLabel.trim() || null,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${phone ? 'Text' : 'Email'} contact added` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
          else notifications.show({ color: 'red', title: 'Contact not added', message: error.message });
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={phone ? 'Add Text contact' : 'Add Email contact'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {categoryLabels[target.key]}
            {target.branchName ? ` · ${target.branchName}` : ''}
          </Text>
          {phone ? (
            <PhoneInput
              label="Phone Number"
              placeholder={phoneMask}
              withAsterisk
              data-path="notificationDestination"
              {...form.getInputProps('notificationDestination')}
            />
          ) : (
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="email"
              data-path="notificationDestination"
              {...form.getInputProps('notificationDestination')}
            />
          )}
          <TextInput
            label="Name"
            description="Optional: who or what this is, such as Yard manager"
            maxLength={100}
            {...form.getInputProps('contactLabel')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
