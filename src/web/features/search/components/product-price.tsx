import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { standardPricingLabel } from '../../../../domain/catalog/pricing';
import { restrictedPriceText } from '../../../../domain/catalog/restricted';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { paths } from '../../../paths';
import { formatMoney } from '../../../ui/money';

export const loginForPricingText = 'Log in to view pricing';

/**
 * The lowest price a buyer can get: the cheapest listing (priceMin) or, when lower, the buyer's own
 * discounted price. Null when prices are hidden (visitors, restricted products) or nothing is listed.
 */
export function fromPrice(product: ProductSearchResult): number | null {
  const candidates = [product.priceMin, product.price?.value].filter(
    (v): v is number => typeof v === 'number',
  );
  return candidates.length ? Math.min(...candidates) : null;
}

/**
 * 'From $X' with the discount label when the buyer's price is discounted, or 'Log in to view pricing'
 * (a link to sign in that comes back here) when prices are hidden.
 */
export function ProductPrice({
  product,
  signedIn,
  size = 'sm',
  linkToSignIn = true,
}: {
  product: ProductSearchResult;
  signedIn: boolean;
  size?: 'xs' | 'sm';
  /** Off inside another control (the header dropdown's options), where a nested link does not belong. */
  linkToSignIn?: boolean;
}) {
  const location = useLocation();
  const amount = fromPrice(product);
  if (amount === null) {
    if (signedIn && product.restricted) {
      return (
        <Text size={size} c="dimmed" data-testid="restricted-price">
          {restrictedPriceText}
        </Text>
      );
    }
    if (!signedIn) {
      return !linkToSignIn ? (
        <Text size={size} c="dimmed">
          {loginForPricingText}
        </Text>
      ) : (
        <Anchor
          component={Link}
          to={paths.signIn(location.pathname + location.search)}
          size={size}
          fw={600}
          onClick={(event) => event.stopPropagation()}
        >
          {loginForPricingText}
        </Anchor>
      );
    }
    return (
      <Text size={size} c="dimmed">
        No price listed
      </Text>
    );
  }
  const category = product.price?.category;
  return (
    <Group gap={6} wrap="wrap">
      <Text size={size} fw={700} data-testid="product-price">
        From {formatMoney(amount)}
      </Text>
      {category && category !== standardPricingLabel && (
        <Badge size="xs" variant="light" color="orange">
          {category}
        </Badge>
      )}
    </Group>
  );
}
