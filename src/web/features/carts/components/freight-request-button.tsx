import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartView } from '../../../../domain/carts/cart-view';
import { freightRequestInputSchema } from '../../../../domain/logistics/freight';
import { ApiError, apiRequest } from '../../../api/client';
import { useFeatures } from '../../../api/features';
import { paths } from '../../../paths';
import { showError, showSuccess } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';

type Values = {
  destinationCity: string;
  destinationState: string;
  destinationPostalCode: string;
  expectedShipDate: string;
  fulfillmentHours: string;
  needsDeliveryAssist: boolean;
  notes: string;
};

/**
 * 'Request Freight Estimate' on a cart (FREIGHT_REQUEST): where and when the goods go; the request
 * opens a Freight Estimate thread with the logistics team, which the buyer is taken to.
 */
export function FreightRequestButton({ cart }: { cart: CartView }) {
  const { isOn } = useFeatures();
  const [opened, setOpened] = useState(false);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const delivery = cart.branches.find((branch) => branch.fulfillment?.deliveryAddress)?.fulfillment
    ?.deliveryAddress;
  const form = useForm<Values>({
    initialValues: {
      destinationCity: delivery?.city ?? '',
      destinationState: delivery?.state ?? '',
      destinationPostalCode: delivery?.postalCode ?? cart.jobData.postalCode ?? '',
      expectedShipDate: '',
      fulfillmentHours: '',
      needsDeliveryAssist: false,
      notes: '',
    },
    validate: zodValidate<Values>(freightRequestInputSchema),
  });
  if (!isOn('FREIGHT_REQUEST') || cart.state === 'submitted' || cart.items.length === 0) return null;
  const submit = form.onSubmit(
    async (values) => {
      setSending(true);
      try {
        const request = await apiRequest<{ threadId: number }>(`/api/v1/carts/${cart.id}/freight_requests`, {
          method: 'POST',
          body: freightRequestInputSchema.parse(values),
        });
        showSuccess('Freight estimate requested');
        setOpened(false);
        navigate(paths.messageThread(request.threadId));
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
        else showError(error instanceof Error ? error.message : undefined);
      } finally {
        setSending(false);
      }
    },
    (errors) => focusFirstError(errors),
  );
  return (
    <>
      <Button variant="default" leftSection={<IconTruckDelivery size={16} />} onClick={() => setOpened(true)}>
        Request Freight Estimate
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Request a freight estimate" size="lg">
        <form onSubmit={submit} noValidate data-testid="freight-request-form">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Our logistics team prices the freight for this cart and answers in your messages.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Destination city"
                required
                {...form.getInputProps('destinationCity')}
                data-path="destinationCity"
              />
              <TextInput
                label="State"
                required
                {...form.getInputProps('destinationState')}
                data-path="destinationState"
              />
              <TextInput
                label="Zip code"
                required
                {...form.getInputProps('destinationPostalCode')}
                data-path="destinationPostalCode"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label="Expected ship date"
                required
                {...form.getInputProps('expectedShipDate')}
                data-path="expectedShipDate"
              />
              <TextInput
                label="Fulfillment hours"
                placeholder="e.g. 7am – 3pm"
                {...form.getInputProps('fulfillmentHours')}
              />
            </SimpleGrid>
            <Checkbox
              label="Needs delivery assist (liftgate, unloading)"
              {...form.getInputProps('needsDeliveryAssist', { type: 'checkbox' })}
            />
            <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={sending}>
                Request Estimate
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
