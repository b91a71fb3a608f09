import {
  Button,
  Divider,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { postalCodeSchema } from '../../../../domain/accounts/address-schema';
import {
  type EmailPreferenceKey,
  emailPreferenceOptions,
  type PreferencesPatch,
  type UserPreferences,
} from '../../../../domain/accounts/preferences-schema';
import { type SearchSort, searchSortLabels, searchSorts } from '../../../../domain/search/search-params';
import { ApiError } from '../../../api/client';
import { AccountFrame } from '../../../shell/account-frame';
import { showSuccess } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { usePreferences, useUpdatePreferences } from '../api/preferences';

type PreferencesValues = { defaultPostalCode: string; searchSort: string | null } & Record<
  EmailPreferenceKey,
  boolean
>;

const sortOptions = searchSorts.map((sort) => ({ value: sort, label: searchSortLabels[sort] }));

// Only the postal code can be typed wrong; a blank one means none.
const formSchema = z.object({ defaultPostalCode: postalCodeSchema.nullable() });

const toPatch = (values: PreferencesValues): PreferencesPatch => ({
  ...values,
  defaultPostalCode: values.defaultPostalCode.trim() || null,
  searchSort: (values.searchSort as SearchSort | null) || null,
});

const toValues = (saved: UserPreferences): PreferencesValues => ({
  ...saved,
  defaultPostalCode: saved.defaultPostalCode ?? '',
});

function PreferencesForm({ preferences }: { preferences: UserPreferences }) {
  const update = useUpdatePreferences();
  const form = useForm<PreferencesValues>({
    initialValues: toValues(preferences),
    validate: zodValidate(formSchema, (values: PreferencesValues) => ({
      defaultPostalCode: values.defaultPostalCode.trim() || null,
    })),
  });

  const handleSubmit = async (values: PreferencesValues) => {
    if (update.isPending) return;
    try {
      const saved = await update.mutateAsync(toPatch(values));
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
      showSuccess('Your preferences have been saved');
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      // The default toast says what failed; the fields get the server's messages too.
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate aria-label="Preferences">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                Search
              </Title>
              <Text size="sm" c="dimmed">
                Where you usually need materials, and how results are ordered.
              </Text>
            </div>
            <TextInput
              label="Default postal code"
              description="Used to find suppliers near you and to price delivery"
              placeholder="e.g. 28202"
              autoComplete="postal-code"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maw={320}
              {...form.getInputProps('defaultPostalCode')}
            />
            <Select
              label="Sort search results by"
              description="When you search with words, the most relevant results still come first unless you pick another order"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder="Site default"
              clearable
              data={sortOptions}
              maw={420}
              {...form.getInputProps('searchSort')}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                Email notifications
              </Title>
              <Text size="sm" c="dimmed">
                Order communications (confirmations, changes and cancellations) are always sent.
              </Text>
            </div>
            <Divider />
            {emailPreferenceOptions.map((option) => (
              <Switch
                key={option.key}
                label={option.label}
                description={option.description}
                {...form.getInputProps(option.key, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save Preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /preferences/edit: default postal code, search sort and notification e-mails. */
export function PreferencesPage() {
  const preferences = usePreferences();
  return (
    <AccountFrame title="Preferences" subtitle="How the marketplace works for you." size="md">
      {preferences.isPending ? (
        <Skeleton h={480} radius="md" />
      ) : preferences.isError ? (
        <LoadErrorAlert
          title="Could not load your preferences"
          error={preferences.error}
          onRetry={() => preferences.refetch()}
        />
      ) : (
        <PreferencesForm preferences={preferences.data} />
      )}
    </AccountFrame>
  );
}
