import { Link, useLocation } from 'react-router';
import { standardPricingLabel } from '../../../../domain/catalog/pricing';
import { restrictedPriceText } from '../../../../domain/catalog/restricted';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { paths } from '../../../paths';
import { formatMoney } from '../../../ui/money';
import classes from './product-price.module.css';

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
  const textClass = classes.text;
  if (amount === null) {
    const dimmed = `${textClass} ${classes.dimmed}`;
    if (signedIn && product.restricted) {
      return (
        <p className={dimmed} data-size={size} data-testid="restricted-price">
          {restrictedPriceText}
        </p>
      );
    }
    if (!signedIn) {
      return !linkToSignIn ? (
        <p className={dimmed} data-size={size}>
          {loginForPricingText}
        </p>
      ) : (
        <Link
          to={paths.signIn(location.pathname + location.search)}
          className={`${textClass} ${classes.signIn}`}
          data-size={size}
          onClick={(event) => event.stopPropagation()}
        >
          {loginForPricingText}
        </Link>
      );
    }
    return (
      <p className={dimmed} data-size={size}>
        No price listed
      </p>
    );
  }
  const category = product.price?.category;
  return (
    <div className={classes.line}>
      <p className={`${textClass} ${classes.amount}`} data-size={size} data-testid="product-price">
        From {formatMoney(amount)}
      </p>
      {category && category !== standardPricingLabel && <span className={classes.category}>{category}</span>}
    </div>
  );
}
