import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { type UserProfileInput, userProfileSchema } from '../../../../domain/users/profile-schema';
import { ApiError } from '../../../api/client';
import { successToastMs } from '../../../shell/toasts';
import { PhoneInput } from '../../../ui/phone-input';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { useUpdateCurrentUser } from '../api/update-current-user';

type ProfileValues = { firstName: string; lastName: string; phone: string; defaultPostalCode: string };

function toInput(values: ProfileValues): UserProfileInput {
  // A cleared postal code means "none", which the API takes as null (an empty string is not a code).
  return { ...values, defaultPostalCode: values.defaultPostalCode.trim() || null };
}

/** The 'Profile' card of /users/edit: name, phone and default postal code. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const update = useUpdateCurrentUser();
  const form = useForm<ProfileValues>({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      defaultPostalCode: user.defaultPostalCode ?? '',
    },
    validate: zodValidate(userProfileSchema, toInput),
  });

  const handleSubmit = async (values: ProfileValues) => {
    if (update.isPending) return;
    try {
      const saved = await update.mutateAsync(toInput(values));
      form.setInitialValues({
        firstName: saved.firstName,
        lastName: saved.lastName,
        phone: saved.phone ?? '',
        defaultPostalCode: saved.defaultPostalCode ?? '',
      });
      form.resetDirty();
      notifications.show({
        color: 'green',
        message: 'Your profile has been saved',
        autoClose: successToastMs,
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      // The default toast says what failed; the fields get the server's messages too.
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} h="100%">
      <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Profile
            </Title>
            <Text size="sm" c="dimmed">
              How suppliers and our team see and reach you.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            variant="filled"
            description="The address you sign in with"
            inputWrapperOrder={['label', 'input', 'description']}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <PhoneInput label="Phone" {...form.getInputProps('phone')} />
            <TextInput
              label="Default postal code"
              autoComplete="postal-code"
              description="Used to find suppliers near you"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('defaultPostalCode')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
