import { ActionIcon, Indicator, Loader, Tooltip } from '@mantine/core';
import { IconCheck, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { useCurrentCart } from '../api/carts-api';
import { useRecentlyAdded } from '../cart-added-signal';

export { cartAddedIconMs } from '../cart-added-signal';

const itemsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'item' : 'items'}`;

/**
 * The header's cart button: nothing for visitors, a spinner while loading, a link to Saved Carts
 * (count 0) without a current cart, else the current cart's item count linking to its edit page. It
 * shows a check for `cartAddedIconMs` after an add.
 */
export function HeaderCartButton({ size = 44 }: { size?: number }) {
  const { user, isPending: userPending } = useCurrentUser();
  const signedIn = Boolean(user);
  const current = useCurrentCart(signedIn);
  const recentlyAdded = useRecentlyAdded();

  if (!userPending && !user) return null;
  if (userPending || current.isPending) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label="Cart: loading"
        data-testid="header-cart"
        data-state="loading"
        disabled
      >
        <Loader size={18} />
      </ActionIcon>
    );
  }

  const cart = current.data?.cart ?? null;
  const count = cart?.cartItemsCount ?? 0;
  const to = cart ? paths.cartEdit(cart.id) : paths.carts;
  const label = cart ? `Cart: ${itemsText(count)}` : 'Cart: 0 items';
  const Icon = recentlyAdded ? IconCheck : IconShoppingCart;
  return (
    <Tooltip label={cart ? cart.name : 'Saved Carts'} openDelay={400}>
      <Indicator
        label={count > 99 ? '99+' : String(count)}
        size={18}
        offset={7}
        color={count > 0 ? 'hedge' : 'gray'}
        withBorder
        data-testid="header-cart-count"
      >
        <ActionIcon
          component={Link}
          to={to}
          variant="subtle"
          color={recentlyAdded ? 'green' : 'gray'}
          c={recentlyAdded ? 'green' : 'dark.7'}
          size={size}
          aria-label={label}
          data-testid="header-cart"
          data-state={recentlyAdded ? 'added' : cart ? 'cart' : 'empty'}
        >
          <Icon
            size={24}
            stroke={1.6}
            aria-hidden
            data-testid={recentlyAdded ? 'header-cart-check' : undefined}
          />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
