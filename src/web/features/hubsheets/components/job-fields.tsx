import '@mantine/dates/styles.css';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { postalCodeInvalidMessage } from '../../../../domain/accounts/messages';
import { isValidPostalCode, normalizePostalCode } from '../../../../domain/accounts/postal-code';
import {
  defaultRadius,
  wizardNameRequiredMessage as listNameRequiredMessage,
  hubsheetPostalCodeRequiredMessage as postalCodeRequiredMessage,
  radiusOptions,
} from '../../../../domain/hubsheets/hubsheet-schemas';
import { clientToday } from '../../../api/client-date';

export type JobValues = { name: string; postalCode: string; radius: string; jobDate: string | null };

export const initialJobValues: JobValues = {
  name: '',
  postalCode: '',
  radius: String(defaultRadius),
  jobDate: null,
};

export const jobValidation = {
  name: (value: string) => (value.trim() ? null : listNameRequiredMessage),
  postalCode: (value: string) =>
    !value.trim()
      ? postalCodeRequiredMessage
      : isValidPostalCode(value.trim())
        ? null
        : postalCodeInvalidMessage,
};

/** What POST /api/v1/hubsheets takes from the job fields. */
export function jobPayload(values: JobValues) {
  return {
    name: values.name.trim(),
    postalCode: normalizePostalCode(values.postalCode.trim()),
    radiusRestriction: values.radius === 'any' ? null : Number(values.radius),
    jobDate: values.jobDate || null,
  };
}

/** List Name, Postal Code, Radius (miles) and Anticipated Date Needed (never before today). */
export function JobFields<T extends JobValues>({ form }: { form: UseFormReturnType<T> }) {
  const f = form as unknown as UseFormReturnType<JobValues>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="List Name"
        withAsterisk
        placeholder="e.g. Riverside Park phase 2"
        {...f.getInputProps('name')}
      />
      <TextInput
        label="Postal Code"
        withAsterisk
        placeholder="e.g. 28202"
        {...f.getInputProps('postalCode')}
      />
      <Select
        label="Radius (miles)"
        data={[
          { value: 'any', label: 'Any' },
          ...radiusOptions.map((miles) => ({ value: String(miles), label: String(miles) })),
        ]}
        allowDeselect={false}
        {...f.getInputProps('radius')}
      />
      <DatePickerInput
        label="Anticipated Date Needed"
        placeholder="Pick a date"
        clearable
        minDate={clientToday()}
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat="MMM D, YYYY"
        {...f.getInputProps('jobDate')}
      />
    </SimpleGrid>
  );
}
