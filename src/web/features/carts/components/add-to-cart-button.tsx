import { Button, Group, NumberInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { canUseSite } from '../../../../domain/access';
import { unitAllowsFractions } from '../../../../domain/carts/quantity';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { showError, showSuccess } from '../../../shell/toasts';
import type { ExtraColumn } from '../../../ui/availability-table';
import { addCartItem, useCurrentCart, useInvalidateCarts } from '../api/carts-api';
import { signalCartAdded } from '../cart-added-signal';

// The new-cart form (and the schemas it validates with) loads when a buyer first needs a cart, not with
// every page of Add to cart buttons (the search page's first load).
const CreateCartModal = lazy(async () => ({
  default: (await import('./create-cart-modal')).CreateCartModal,
}));

export const unapprovedAddTooltip = 'Your account is not approved to build carts yet';

/** The message of a failed add: a field's message (e.g. the quantity's) before the general one. */
function addErrorMessage(error: unknown) {
  if (error instanceof ApiError) {
    const field = error.fields.quantity ?? Object.values(error.fields)[0];
    return field ?? error.message;
  }
  return error instanceof Error ? error.message : undefined;
}

/**
 * A quantity box and "Add" for one listing: adds to the user's current cart, or opens the create-cart
 * modal with the item when they have none. Hidden for visitors, disabled for unapproved users.
 */
export function AddToCartButton({
  branchId,
  productVariantId,
  unit,
  productName,
}: {
  branchId: number;
  productVariantId: number;
  unit: string;
  productName: string;
}) {
  const { user } = useCurrentUser();
  const current = useCurrentCart(Boolean(user) && canUseSite(user?.status ?? 'no_site_use'));
  const invalidate = useInvalidateCarts();
  const [quantity, setQuantity] = useState<number | string>(1);
  const [pending, setPending] = useState(false);
  const [modalOpened, modal] = useDisclosure(false);
  if (!user) return null;

  const fractional = unitAllowsFractions(unit);
  const approved = canUseSite(user.status);
  const quantityValue = typeof quantity === 'number' ? quantity : Number.parseFloat(quantity);
  const currentCart = current.data?.cart ?? null;
  const cartId = currentCart?.id ?? user.currentCartId;

  const add = async () => {
    if (pending || !approved) return;
    if (cartId === null) {
      modal.open();
      return;
    }
    setPending(true);
    try {
      await addCartItem({ cartId, branchId, productVariantId, quantity: quantityValue });
      showSuccess(`Added to ${currentCart?.id === cartId ? currentCart.name : 'your cart'}`);
      signalCartAdded();
      invalidate();
    } catch (error) {
      // The current cart was submitted or deleted elsewhere: start a new one with this item.
      if (error instanceof ApiError && (error.code === 'cart_submitted' || error.code === 'cart_not_found')) {
        invalidate();
        modal.open();
        return;
      }
      showError(addErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const button = (
    <Button
      size="xs"
      h={32}
      onClick={() => void add()}
      loading={pending}
      disabled={!approved}
      leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
      aria-label={`Add ${productName} to cart`}
    >
      Add
    </Button>
  );

  return (
    <Group gap={6} wrap="nowrap" data-testid="add-to-cart">
      <NumberInput
        aria-label={`Quantity of ${productName}`}
        value={quantity}
        onChange={setQuantity}
        min={fractional ? 0.01 : 1}
        step={1}
        allowDecimal={fractional}
        decimalScale={fractional ? 2 : 0}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        size="xs"
        h={32}
        w={64}
        styles={{ input: { height: 32, textAlign: 'right' } }}
        disabled={!approved}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void add();
        }}
      />
      {approved ? (
        button
      ) : (
        <Tooltip label={unapprovedAddTooltip} withArrow>
          <span>{button}</span>
        </Tooltip>
      )}
      {modalOpened && (
        <Suspense fallback={null}>
          <CreateCartModal
            opened={modalOpened}
            onClose={modal.close}
            item={{ branchId, productVariantId, quantity: quantityValue }}
          />
        </Suspense>
      )}
    </Group>
  );
}

/** The availability table's 'Add to cart' column (product and branch pages); pass it only for signed-in users. */
export const addToCartColumn: ExtraColumn = {
  key: 'add-to-cart',
  header: 'Add to cart',
  cell: (listing) => (
    <AddToCartButton
      branchId={listing.branchId}
      productVariantId={listing.productVariantId}
      unit={listing.unit}
      productName={listing.product.primaryName}
    />
  ),
};
