import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { passwordChangeSchema, passwordMinLength } from '../../../../domain/accounts/sign-in-schema';
import { ApiError } from '../../../api/client';
import { showError, successToastMs } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { useChangePassword } from '../api/update-current-user';

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
    // The fields are always strings, so the comparison may run while another field is still wrong.
    when: () => true,
  });

/** The 'Change password' card of /users/edit. */
export function PasswordChangeCard() {
  const changePassword = useChangePassword();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(passwordChangeFormSchema),
  });

  const handleSubmit = async ({ currentPassword, newPassword }: PasswordValues) => {
    if (changePassword.isPending) return;
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notifications.show({
        color: 'green',
        message: 'Your password has been changed',
        autoClose: successToastMs,
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
      else showError(apiError?.message);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} h="100%">
      <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              You stay signed in here; other devices are signed out.
            </Text>
          </div>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={`At least ${passwordMinLength} characters`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
