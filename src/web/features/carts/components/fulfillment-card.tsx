import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { memo, useEffect } from 'react';
import { branchFulfillmentSchema } from '../../../../domain/carts/cart-schemas';
import type { FulfillmentType } from '../../../../domain/carts/cart-states';
import type { CartItemView, DeliveryAddress } from '../../../../domain/carts/cart-view';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { clientToday } from '../../../api/client-date';
import { formatMoney } from '../../../ui/money';
import { PhoneInput } from '../../../ui/phone-input';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { saveFulfillment, useInvalidateCarts } from '../api/carts-api';
import {
  BranchHeading,
  type ItemGroup,
  isConflict,
  messageOf,
  showCartEditError,
  TotalsBlock,
} from './cart-shared';

type AddressValues = {
  name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
  contactName: string;
};
type FulfillmentValues = {
  fulfillment: FulfillmentType;
  requestedOn: string;
  deliveryAddress: AddressValues;
  deliveryInstructions: string;
  notesToSupplier: string;
};

const emptyAddress: AddressValues = {
  name: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
  contactName: '',
};

const addressValues = (address: DeliveryAddress | null): AddressValues =>
  address
    ? {
        name: address.name,
        street1: address.street1,
        street2: address.street2 ?? '',
        city: address.city,
        state: address.state,
        postalCode: address.postalCode,
        phone: address.phone,
        contactName: address.contactName ?? '',
      }
    : emptyAddress;

const isBlank = (address: AddressValues) => Object.values(address).every((value) => !value.trim());

function toInput(values: FulfillmentValues) {
  return {
    fulfillment: values.fulfillment,
    requestedOn: values.requestedOn || null,
    deliveryAddress:
      values.fulfillment === 'delivery'
        ? {
            ...values.deliveryAddress,
            contactName: values.deliveryAddress.contactName.trim() || null,
            country: /[a-z]/i.test(values.deliveryAddress.postalCode) ? 'CAN' : 'USA',
          }
        : null,
    deliveryInstructions: values.fulfillment === 'delivery' ? values.deliveryInstructions : null,
    notesToSupplier: values.notesToSupplier,
  };
}

function ItemsSummary({ items }: { items: CartItemView[] }) {
  return (
    <Stack gap={2}>
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" lineClamp={1} style={{ minWidth: 0 }}>
            {formatNumber(item.quantity)} {item.unitAbbreviation} · {item.name}
            {item.size ? `, ${item.size}` : ''}
          </Text>
          <Text size="sm" style={{ flexShrink: 0 }}>
            {formatMoney(item.buyerTotal)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Checkout choices for one supplier branch, saved with the cart's version. */
export const FulfillmentCard = memo(function FulfillmentCard({
  cartId,
  version,
  group,
  previousAddress,
  onConflict,
  onDirtyChange,
}: {
  cartId: number;
  version: number;
  group: ItemGroup;
  previousAddress: DeliveryAddress | null;
  onConflict: (message: string) => void;
  onDirtyChange: (branchId: number, dirty: boolean) => void;
}) {
  const { branch } = group;
  const invalidate = useInvalidateCarts();
  const saved = branch.fulfillment;
  const form = useForm<FulfillmentValues>({
    initialValues: {
      fulfillment: saved.fulfillment,
      requestedOn: saved.requestedOn ?? '',
      deliveryAddress: addressValues(saved.deliveryAddress ?? previousAddress),
      deliveryInstructions: saved.deliveryInstructions ?? '',
      notesToSupplier: saved.notesToSupplier ?? '',
    },
    validate: zodValidate<FulfillmentValues>(branchFulfillmentSchema(clientToday()), toInput),
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(branch.id, dirty), [branch.id, dirty, onDirtyChange]);

  const submit = form.onSubmit(
    async (values) => {
      try {
        const input = toInput(values);
        invalidate(await saveFulfillment(cartId, branch.id, { ...input, version } as never));
        form.resetDirty();
      } catch (error) {
        if (isConflict(error)) onConflict(messageOf(error));
        else if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
        else showCartEditError(error);
      }
    },
    (errors) => focusFirstError(errors),
  );

  const delivery = form.values.fulfillment === 'delivery';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} data-testid="fulfillment-card">
      <Stack gap="sm">
        <BranchHeading branch={branch} />
        <ItemsSummary items={group.items} />
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Pickup or delivery
            </Text>
            <SegmentedControl
              aria-label={`Pickup or delivery from ${branch.name}`}
              data={[
                { value: 'pickup', label: 'Pickup' },
                { value: 'delivery', label: 'Delivery' },
              ]}
              {...form.getInputProps('fulfillment')}
              onChange={(value) => {
                form.setFieldValue('fulfillment', value as FulfillmentType);
                if (value === 'delivery' && previousAddress && isBlank(form.values.deliveryAddress)) {
                  form.setFieldValue('deliveryAddress', addressValues(previousAddress));
                }
              }}
            />
          </Stack>
          <TextInput
            type="date"
            label="Requested date"
            min={clientToday()}
            {...form.getInputProps('requestedOn')}
            data-path="requestedOn"
          />
        </SimpleGrid>
        {delivery && (
          <Stack gap="xs" data-testid="delivery-address">
            <Text size="sm" fw={600}>
              Delivery address
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="Name"
                required
                {...form.getInputProps('deliveryAddress.name')}
                data-path="deliveryAddress.name"
              />
              <PhoneInput
                label="Phone"
                required
                {...form.getInputProps('deliveryAddress.phone')}
                data-path="deliveryAddress.phone"
              />
              <TextInput
                label="On-site contact"
                description="Who meets the delivery at the site"
                {...form.getInputProps('deliveryAddress.contactName')}
                data-path="deliveryAddress.contactName"
              />
              <TextInput
                label="Street address"
                required
                {...form.getInputProps('deliveryAddress.street1')}
                data-path="deliveryAddress.street1"
              />
              <TextInput label="Street address 2" {...form.getInputProps('deliveryAddress.street2')} />
              <TextInput
                label="City"
                required
                {...form.getInputProps('deliveryAddress.city')}
                data-path="deliveryAddress.city"
              />
              <Group grow gap="xs" align="flex-start">
                <TextInput
                  label="State"
                  required
                  {...form.getInputProps('deliveryAddress.state')}
                  data-path="deliveryAddress.state"
                />
                <TextInput
                  label="Zip code"
                  required
                  {...form.getInputProps('deliveryAddress.postalCode')}
                  data-path="deliveryAddress.postalCode"
                />
              </Group>
            </SimpleGrid>
            {form.errors.deliveryAddress && (
              <Alert color="red" variant="light" p="xs">
                {form.errors.deliveryAddress}
              </Alert>
            )}
            <Textarea
              label="Delivery instructions"
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('deliveryInstructions')}
            />
          </Stack>
        )}
        <Textarea
          label="Notes to the supplier"
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('notesToSupplier')}
        />
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <TotalsBlock subtotal={branch.subtotal} taxAmount={branch.taxAmount} total={branch.total} />
          <Group gap="xs">
            {dirty && (
              <Text size="xs" c="orange">
                Unsaved changes
              </Text>
            )}
            <Button type="submit" variant={dirty ? 'filled' : 'default'} loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
});
