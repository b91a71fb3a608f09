import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartView } from '../../../../domain/carts/cart-view';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { duplicateCart, useInvalidateCarts } from '../api/carts-api';
import { messageOf } from './cart-shared';

/** Copies a cart and opens the copy; a copy of a submitted cart opens with the reorder notice. */
export function useCopyCart(cart: Pick<CartView, 'id' | 'state'> | undefined) {
  const navigate = useNavigate();
  const invalidate = useInvalidateCarts();
  const [pending, setPending] = useState(false);
  const copy = async () => {
    if (!cart || pending) return;
    setPending(true);
    try {
      const copied = await duplicateCart(cart.id);
      invalidate(copied);
      navigate(paths.cartEdit(copied.id, { reorder: cart.state === 'submitted' }));
    } catch (error) {
      showError(messageOf(error));
    } finally {
      setPending(false);
    }
  };
  return { copy, pending };
}
