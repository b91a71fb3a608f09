import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { canUseSite } from '../../../../domain/access';
import { createCartSchema } from '../../../../domain/carts/cart-schemas';
import type { CartView } from '../../../../domain/carts/cart-view';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { showSuccess } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { createCart, useInvalidateCarts } from '../api/carts-api';
import { signalCartAdded } from '../cart-added-signal';
import { UnapprovedCartModal } from './unapproved-cart-modal';

/** The first item of a cart created from an "Add to cart" click. */
export type NewCartItem = { branchId: number; productVariantId: number; quantity: number };

type Values = {
  name: string;
  jobData: { externalJobNumber: string; externalPhase: string; postalCode: string };
};

const toInput = (values: Values) => ({ name: values.name, jobData: values.jobData });

/**
 * The create-cart form (name, job #, phase, job postal code). On success it toasts, refreshes the
 * carts and either opens the new cart (no item) or stays put and flashes the header's check (item).
 */
export function CreateCartForm({
  item,
  onCreated,
  onCancel,
  submitLabel = 'Create Cart',
}: {
  item?: NewCartItem;
  onCreated?: (cart: CartView) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const navigate = useNavigate();
  const invalidate = useInvalidateCarts();
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', jobData: { externalJobNumber: '', externalPhase: '', postalCode: '' } },
    validate: zodValidate<Values>(createCartSchema, toInput),
  });

  const handleSubmit = async (values: Values) => {
    if (pending) return;
    setPending(true);
    setServerError(null);
    try {
      const parsed = createCartSchema.parse(toInput(values));
      const cart = await createCart({ ...parsed, ...(item ? { item } : {}) });
      invalidate(cart);
      showSuccess('Cart created');
      onCreated?.(cart);
      if (item) signalCartAdded();
      else void navigate(paths.cartEdit(cart.id));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
      setServerError(apiError?.message || (error instanceof Error && error.message) || genericErrorMessage);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate data-testid="create-cart-form">
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <TextInput
          label="Cart name"
          placeholder="e.g. Smith residence front beds"
          required
          maxLength={120}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput label="Job #" maxLength={60} {...form.getInputProps('jobData.externalJobNumber')} />
        <TextInput label="Phase" maxLength={60} {...form.getInputProps('jobData.externalPhase')} />
        <TextInput
          label="Job postal code"
          placeholder="e.g. 28202"
          maxLength={10}
          autoComplete="postal-code"
          {...form.getInputProps('jobData.postalCode')}
        />
        <Group justify="flex-end" mt="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "New Cart" (and "Add to cart" without a current cart): the form in a modal, or the not-approved notice. */
export function CreateCartModal({
  opened,
  onClose,
  item,
}: {
  opened: boolean;
  onClose: () => void;
  item?: NewCartItem;
}) {
  const { user } = useCurrentUser();
  if (user && !canUseSite(user.status)) return <UnapprovedCartModal opened={opened} onClose={onClose} />;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? 'Create a cart for this item' : 'New Cart'}
      centered
    >
      {opened && <CreateCartForm item={item} onCreated={onClose} onCancel={onClose} />}
    </Modal>
  );
}
