import { Button, Group, NumberInput, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TruckInput, truckInputSchema } from '../../../../domain/logistics/freight';
import { ApiError } from '../../../api/client';
import { showError } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import type { Truck } from '../api/logistics-api';

type Values = {
  name: string;
  palletCapacity: number | string;
  weightCapacityLb: number | string;
  ratePerMile: number | string;
  minimumCharge: number | string;
  active: boolean;
};

const cents = (dollars: number | string) =>
  dollars === '' || Number.isNaN(Number(dollars)) ? Number.NaN : Math.round(Number(dollars) * 100);
const whole = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The form's dollars and counts as the API's truck (cents, whole numbers). */
function toInput(values: Values): TruckInput {
  return {
    name: values.name,
    palletCapacity: whole(values.palletCapacity),
    weightCapacityLb: whole(values.weightCapacityLb),
    ratePerMile: cents(values.ratePerMile),
    minimumCharge: cents(values.minimumCharge),
    active: values.active,
  };
}

/** A truck's name, capacity (pallets, pounds), rate per mile and minimum charge (in dollars here). */
export function TruckForm({
  truck,
  saving,
  onSave,
  onCancel,
}: {
  truck: Truck | null;
  saving: boolean;
  onSave: (input: TruckInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      name: truck?.name ?? '',
      palletCapacity: truck?.palletCapacity ?? '',
      weightCapacityLb: truck?.weightCapacityLb ?? '',
      ratePerMile: truck ? truck.ratePerMile / 100 : '',
      minimumCharge: truck ? truck.minimumCharge / 100 : '',
      active: truck?.active ?? true,
    },
    validate: zodValidate<Values>(truckInputSchema, toInput),
  });
  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSave(toInput(values));
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
        else showError(error instanceof Error ? error.message : undefined);
      }
    },
    (errors) => focusFirstError(errors),
  );
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <form onSubmit={submit} noValidate data-testid="truck-form">
        <Stack gap="sm">
          <TextInput label="Name" required {...form.getInputProps('name')} data-path="name" />
          <Group grow align="flex-start">
            <NumberInput
              label="Pallet capacity"
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('palletCapacity')}
              data-path="palletCapacity"
            />
            <NumberInput
              label="Weight capacity (lb)"
              required
              min={1}
              allowDecimal={false}
              thousandSeparator=","
              {...form.getInputProps('weightCapacityLb')}
              data-path="weightCapacityLb"
            />
          </Group>
          <Group grow align="flex-start">
            <NumberInput
              label="Rate per mile"
              required
              prefix="$"
              decimalScale={2}
              min={0}
              {...form.getInputProps('ratePerMile')}
              data-path="ratePerMile"
            />
            <NumberInput
              label="Minimum charge"
              required
              prefix="$"
              decimalScale={2}
              min={0}
              thousandSeparator=","
              {...form.getInputProps('minimumCharge')}
              data-path="minimumCharge"
            />
          </Group>
          <Switch label="In service" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save Truck
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
