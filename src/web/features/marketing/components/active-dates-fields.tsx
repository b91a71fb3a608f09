import '@mantine/dates/styles.css';
import { SimpleGrid, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';

type DatedValues = { activeFrom: string | null; activeTo: string | null; active: boolean };

/** The on/off switch and optional first and last days a message or ad is shown. */
export function ActiveDatesFields<Values extends DatedValues>({
  form,
  what,
}: {
  form: UseFormReturnType<Values>;
  what: string;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <DatePickerInput
          label="First day shown"
          placeholder="From now on"
          clearable
          valueFormat="MMM D, YYYY"
          {...form.getInputProps('activeFrom')}
        />
        <DatePickerInput
          label="Last day shown"
          placeholder="No end date"
          clearable
          valueFormat="MMM D, YYYY"
          {...form.getInputProps('activeTo')}
        />
      </SimpleGrid>
      <Switch
        label={`Active: show this ${what} within its dates`}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </>
  );
}
