import { Button, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessage } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  buyerContactReasons,
  type ContactSupplierInput,
  contactMessageRequiredMessage,
  contactReasonRequiredMessage,
} from '../../../../domain/orders/order-responses';
import { answerOf, api } from '../../../api/api';
import { ApiError } from '../../../api/client';
import { showSuccess } from '../../../shell/toasts';
import { orderKeys } from '../api/order-api';

/** The buyer writes to the supplier about an order, with one of the spec's reasons (part 3 §9). */
export function ContactSupplierButton({ orderId }: { orderId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const contact = useMutation({
    mutationFn: (body: ContactSupplierInput) =>
      answerOf(api.POST('/api/v1/orders/{id}/contact', { params: { path: { id: orderId } }, body })),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(orderId), order),
    meta: { handlesErrors: true },
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!reason) found.reason = contactReasonRequiredMessage;
    if (!message.trim()) found.message = contactMessageRequiredMessage;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    contact.mutate(
      { reason: reason as ContactSupplierInput['reason'], message: message.trim() },
      {
        onSuccess: () => {
          close();
          setReason(null);
          setMessage('');
          showSuccess('Your message was sent to the supplier.');
        },
        onError: (error) => setErrors(error instanceof ApiError ? error.fields : { message: error.message }),
      },
    );
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessage size={16} />}
        onClick={open}
        data-testid="contact-supplier"
      >
        Contact Supplier
      </Button>
      <Modal opened={opened} onClose={close} title="Contact the supplier about this order">
        <Stack gap="sm">
          <Select
            label="Reason"
            placeholder="Choose a reason"
            data={buyerContactReasons}
            value={reason}
            onChange={setReason}
            error={errors.reason}
            required
            comboboxProps={{ withinPortal: false }}
          />
          <Textarea
            label="Message"
            autosize
            minRows={3}
            maxLength={2000}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
            required
          />
          <Button onClick={submit} loading={contact.isPending}>
            Send Message
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
