import { Card, Skeleton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconLeaf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sizedImageUrl } from '../../../../domain/catalog/product-photos';
import { type StockSummary, stockState, tileStockText } from '../../../../domain/catalog/stock';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { paths } from '../../../paths';
import { BotanicalName } from './botanical-name';
import { ProductPrice } from './product-price';
import classes from './product-tile.module.css';
import { tileCategoryCount } from './tile-constants';

// Phones show one tile a row: a shorter image keeps more products on the screen (the tile's CSS has the same heights).
const imageHeights = { base: 110, xs: 170 };

/** Renders the 'Add to cart' of one search result; the carts area provides it. */
export type RenderAddToCart = (product: {
  productId: number;
  productName: string;
  pathIdentifier: string;
}) => ReactNode;

export const stockSummaryOf = (product: ProductSearchResult): StockSummary => ({
  supplierCount: product.totalSuppliers,
  totalAvailable: product.totalAvailable,
  ignoreQuantity: product.ignoreQuantity,
});

const stockLook = {
  'In Stock': { color: 'var(--mantine-color-hedge-8)', icon: IconCircleCheck },
  'Limited Supply': { color: 'var(--mantine-color-orange-text)', icon: IconAlertTriangle },
  'Currently Out of Stock': { color: 'var(--mantine-color-gray-7)', icon: IconClockHour4 },
} as const;

function StockLine({ product }: { product: ProductSearchResult }) {
  const summary = stockSummaryOf(product);
  const state = product.unavailable ? 'Currently Out of Stock' : stockState(summary);
  const { text, detail } = product.unavailable
    ? tileStockText({ supplierCount: 0, totalAvailable: 0, ignoreQuantity: false })
    : tileStockText(summary);
  const look = stockLook[state];
  const Icon = look.icon;
  return (
    <div data-testid="stock-state" data-state={state}>
      <p className={classes.stockState} style={{ color: look.color }}>
        <Icon size={16} color={look.color} aria-hidden />
        {state === 'Currently Out of Stock' ? text : state}
      </p>
      <p className={classes.stockDetail}>{state === 'Currently Out of Stock' ? detail : text}</p>
    </div>
  );
}

/** One product of the search results (spec part 2 §2 'Product tile'). */
export function ProductTile({
  product,
  signedIn,
  onOpen,
  addToCart,
}: {
  product: ProductSearchResult;
  signedIn: boolean;
  /** The carts area's 'Add to cart' for this product (the router passes it to the search page). */
  addToCart?: RenderAddToCart;
  /** Called when the product is opened (records the search click). */
  onOpen?: (product: ProductSearchResult) => void;
}) {
  const to = paths.product(product.pathIdentifier);
  const open = () => onOpen?.(product);
  const isPlant = product.secondaryName !== null;
  return (
    <div className={classes.tile} data-testid="product-tile">
      <Link to={to} onClick={open} tabIndex={-1} aria-hidden className={classes.media}>
        {product.imageUrl ? (
          // The small variant; the box has its height before the file arrives (no layout shift).
          <img
            src={sizedImageUrl(product.imageUrl, 'small')}
            alt=""
            loading="lazy"
            className={classes.image}
          />
        ) : (
          <div className={classes.noImage}>
            <IconLeaf size={56} stroke={1.3} color="var(--mantine-color-hedge-4)" />
          </div>
        )}
        {product.categories.length > 0 && (
          <div className={classes.categories}>
            {product.categories.slice(0, tileCategoryCount).map((category) => (
              <span key={category.slug} className={classes.category}>
                {category.name}
              </span>
            ))}
          </div>
        )}
      </Link>
      <div className={classes.body}>
        <Link to={to} onClick={open} className={classes.name} data-testid="product-tile-name">
          <BotanicalName name={product.primaryName} isPlant={isPlant} />
        </Link>
        {product.secondaryName && <p className={classes.secondary}>{product.secondaryName}</p>}
        {product.patentName && <p className={classes.patent}>{product.patentName}</p>}
        <div className={classes.stock}>
          <StockLine product={product} />
        </div>
        <ProductPrice product={product} signedIn={signedIn} />
        {signedIn &&
          !product.unavailable &&
          addToCart?.({
            productId: product.id,
            productName: product.primaryName,
            pathIdentifier: product.pathIdentifier,
          })}
      </div>
    </div>
  );
}

/** The loading stand-in of a tile. */
export function ProductTileSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" aria-hidden>
      <Card.Section>
        <Skeleton h={imageHeights} radius={0} />
      </Card.Section>
      <Skeleton h={16} mt="sm" w="80%" />
      <Skeleton h={12} mt={8} w="60%" />
      <Skeleton h={12} mt={16} w="50%" />
      <Skeleton h={14} mt={8} w="40%" />
    </Card>
  );
}
