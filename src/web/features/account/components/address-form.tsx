import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import {
  type AddressBookEntry,
  type AddressBookEntryInput,
  addressBookEntrySchema,
} from '../../../../domain/accounts/address-book-schema';
import { canadianProvinces, countries, usStates } from '../../../../domain/accounts/options';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { PhoneInput } from '../../../ui/phone-input';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';

type CountryCode = 'USA' | 'CAN';

export type AddressFormValues = {
  name: string;
  street1: string;
  street2: string;
  city: string;
  state: string | null;
  postalCode: string;
  country: CountryCode;
  phone: string;
  fax: string;
  addressType: string | null;
  deliveryInstructions: string;
  isDefault: boolean;
};

const regionOptions: Record<CountryCode, { value: string; label: string }[]> = {
  USA: usStates.map((state) => ({ value: state.code, label: state.name })),
  CAN: canadianProvinces.map((province) => ({ value: province.code, label: province.name })),
};

const addressTypes = ['Job site', 'Yard', 'Warehouse', 'Office', 'Residence', 'Other'];

export function addressFormValues(entry?: AddressBookEntry | null): AddressFormValues {
  return {
    name: entry?.name ?? '',
    street1: entry?.street1 ?? '',
    street2: entry?.street2 ?? '',
    city: entry?.city ?? '',
    state: entry?.state ?? null,
    postalCode: entry?.postalCode ?? '',
    country: entry?.country ?? 'USA',
    phone: entry?.phone ?? '',
    fax: entry?.fax ?? '',
    addressType: entry?.addressType ?? null,
    deliveryInstructions: entry?.deliveryInstructions ?? '',
    isDefault: entry?.isDefault ?? false,
  };
}

const toInput = (values: AddressFormValues): AddressBookEntryInput => ({
  ...values,
  state: values.state ?? '',
});

/**
 * The address-book form (shared address schema, USA or Canada). A refused save keeps every typed
 * value and puts the server's messages on their fields.
 */
export function AddressForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: AddressBookEntry | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: AddressBookEntryInput) => Promise<unknown>;
}) {
  const form = useForm<AddressFormValues>({
    initialValues: addressFormValues(initial),
    validate: zodValidate(addressBookEntrySchema, toInput),
  });
  const country = form.values.country;
  const regionLabel = countries.find((entry) => entry.code === country)?.regionLabel ?? 'State';

  const handleSubmit = async (values: AddressFormValues) => {
    if (pending) return;
    try {
      await onSubmit(toInput(values));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        form.setErrors(apiError.fields);
        focusFirstError(apiError.fields);
      } else showError(apiError?.message);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate aria-label="Address">
        <Stack gap="md">
          <TextInput
            label="Name"
            withAsterisk
            description="The main contact at this address, or the name of the place"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('name')}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="address-country-label">
              Country
            </Text>
            <SegmentedControl
              aria-labelledby="address-country-label"
              data={countries.map((entry) => ({ value: entry.code, label: entry.label }))}
              value={country}
              onChange={(next) => {
                const nextCountry = next as CountryCode;
                form.setFieldValue('country', nextCountry);
                const state = form.values.state;
                if (state && !regionOptions[nextCountry].some((option) => option.value === state)) {
                  form.setFieldValue('state', null);
                }
              }}
            />
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Street address"
              withAsterisk
              autoComplete="address-line1"
              {...form.getInputProps('street1')}
            />
            <TextInput
              label="Street address line 2"
              autoComplete="address-line2"
              placeholder="Suite, unit, building (optional)"
              {...form.getInputProps('street2')}
            />
            <TextInput
              label="City"
              withAsterisk
              autoComplete="address-level2"
              {...form.getInputProps('city')}
            />
            <Select
              label={regionLabel}
              withAsterisk
              searchable
              placeholder={country === 'CAN' ? 'Select a province or territory' : 'Select a state'}
              autoComplete="address-level1"
              data={regionOptions[country]}
              {...form.getInputProps('state')}
            />
            <TextInput
              label={country === 'CAN' ? 'Postal code' : 'Zip code'}
              withAsterisk
              autoComplete="postal-code"
              {...form.getInputProps('postalCode')}
            />
            <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
            <PhoneInput
              label="Fax"
              autoComplete="fax tel"
              placeholder="(optional)"
              {...form.getInputProps('fax')}
            />
            <Select
              label="Address type"
              placeholder="Optional"
              clearable
              data={addressTypes}
              {...form.getInputProps('addressType')}
            />
          </SimpleGrid>
          <Textarea
            label="Delivery instructions"
            description="Gate codes, where to unload, hours the site is open"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('deliveryInstructions')}
          />
          <Checkbox
            label="Use as the default delivery address"
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={paths.addressBook}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
