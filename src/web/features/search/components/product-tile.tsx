import { Anchor, Badge, Box, Card, Group, Skeleton, Stack, Text, useMatches } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type StockSummary, stockState, tileStockText } from '../../../../domain/catalog/stock';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { paths } from '../../../paths';
import { BotanicalName } from './botanical-name';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { tileCategoryCount } from './tile-constants';

// Phones show one tile a row: a shorter image keeps more products on the screen.
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
  'In Stock': { color: 'hedge.8', icon: IconCircleCheck },
  'Limited Supply': { color: 'orange', icon: IconAlertTriangle },
  'Currently Out of Stock': { color: 'gray.7', icon: IconClockHour4 },
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
    <Box data-testid="stock-state" data-state={state}>
      <Group gap={6} wrap="nowrap">
        <Icon size={16} color={`var(--mantine-color-${look.color.replace('.', '-')})`} aria-hidden />
        <Text size="sm" fw={700} c={look.color} lh={1.2}>
          {state === 'Currently Out of Stock' ? text : state}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={2} pl={22}>
        {state === 'Currently Out of Stock' ? detail : text}
      </Text>
    </Box>
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
  const imageHeight = useMatches(imageHeights);
  const isPlant = product.secondaryName !== null;
  return (
    <Card withBorder padding="sm" radius="md" data-testid="product-tile" h="100%">
      <Card.Section>
        <Link to={to} onClick={open} tabIndex={-1} aria-hidden>
          <Box pos="relative">
            <ProductImage url={product.imageUrl} alt="" height={imageHeight} />
            {product.categories.length > 0 && (
              <Group gap={4} pos="absolute" top={8} left={8} right={8}>
                {product.categories.slice(0, tileCategoryCount).map((category) => (
                  <Badge
                    key={category.slug}
                    size="sm"
                    variant="white"
                    color="hedge.9"
                    style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
                  >
                    {category.name}
                  </Badge>
                ))}
              </Group>
            )}
          </Box>
        </Link>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Anchor
          component={Link}
          to={to}
          onClick={open}
          fw={700}
          c="dark.8"
          lh={1.25}
          lineClamp={2}
          data-testid="product-tile-name"
        >
          <BotanicalName name={product.primaryName} isPlant={isPlant} />
        </Anchor>
        {product.secondaryName && (
          <Text size="sm" c="dimmed" lh={1.25} lineClamp={1}>
            {product.secondaryName}
          </Text>
        )}
        {product.patentName && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {product.patentName}
          </Text>
        )}
        <Box mt="auto" pt={4}>
          <StockLine product={product} />
        </Box>
        <ProductPrice product={product} signedIn={signedIn} />
        {signedIn &&
          !product.unavailable &&
          addToCart?.({
            productId: product.id,
            productName: product.primaryName,
            pathIdentifier: product.pathIdentifier,
          })}
      </Stack>
    </Card>
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
