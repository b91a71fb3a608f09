import { Anchor, Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { updatedAgoText } from '../../domain/catalog/freshness';
import type { PriceTier } from '../../domain/catalog/pricing';
import { availabilityQuantityText } from '../../domain/catalog/stock';
import { formatNumber } from '../../domain/text/number-format';
import { paths } from '../paths';
import { BranchNoticeLine } from './branch-terms';
import { formatMoney } from './money';
import { usePhoneCards } from './phone-cards';

/** One listing as `GET /api/v1/availabilities` and `GET /api/v1/branches/{slug}/availabilities` answer. */
export type AvailabilityListing = {
  id: number;
  branchId: number;
  productId: number;
  productVariantId: number;
  product: {
    id: number;
    pathIdentifier: string;
    primaryName: string;
    secondaryName: string | null;
    patentName: string | null;
  };
  branch: { id: number; name: string; slug: string; state: string | null };
  distance: number | null;
  size: string;
  unit: string;
  characteristics: string[];
  quantity: number;
  ignoreQuantity: boolean;
  available: boolean;
  fieldStatus: string | null;
  priceTiers: PriceTier[] | null;
  price: {
    base: number;
    value: number;
    category: string;
    pricingType: string;
    discount: { operator: string; value: number; category: string } | null;
  } | null;
  updatedAt: string;
  stale: boolean;
};

/** A column the table does not know about (the carts issue adds 'Add to cart' this way). */
export type ExtraColumn = {
  key: string;
  header: ReactNode;
  cell: (listing: AvailabilityListing) => ReactNode;
};

/**
 * The 'Add to cart' column a page that lists availabilities shows to signed-in users. The carts area owns
 * it; the router hands it to the catalogue's and the suppliers' pages, which never import carts.
 */
export type AddToCartSlot = { addToCartColumn?: ExtraColumn };

type Columns = { product?: boolean; branch?: boolean; distance?: boolean };

const fieldStatusColors: Record<string, string> = {
  Ready: 'green',
  'Pre-Dug': 'teal',
  'Dig to Order': 'yellow',
  'Growing On': 'gray',
};

// Badges in table cells keep their whole label instead of shrinking to an ellipsis.
const badgeStyles = { root: { flexShrink: 0, minWidth: 'max-content' }, label: { overflow: 'visible' } };

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '1+ $30.00 · 10+ $28.00'. */
export const priceTiersText = (tiers: readonly PriceTier[]) =>
  tiers.map((tier) => `${tier.quantityMin}+ ${formatMoney(tier.price)}`).join(' · ');

/** The tiers with each step kept on one line, so a ladder only wraps between steps. */
function PriceTiers({ tiers }: { tiers: readonly PriceTier[] }) {
  return (
    <Text size="sm" data-testid="price-tiers">
      {tiers.map((tier, index) => (
        // The separator stays outside the unbreakable step, so the line may break after it.
        <Fragment key={tier.quantityMin}>
          {index > 0 && ' · '}
          <span style={{ whiteSpace: 'nowrap' }}>
            {tier.quantityMin}+ {formatMoney(tier.price)}
          </span>
        </Fragment>
      ))}
    </Text>
  );
}

function PriceCell({
  listing,
  signedIn,
  loginPath,
}: {
  listing: AvailabilityListing;
  signedIn: boolean;
  loginPath: string;
}) {
  if (!listing.price) {
    return signedIn ? (
      <Text size="sm" c="dimmed">
        Pricing not available
      </Text>
    ) : (
      <Anchor component={Link} to={loginPath} size="sm" data-testid="login-for-pricing">
        Log in to view pricing
      </Anchor>
    );
  }
  const { price } = listing;
  const discounted = price.discount !== null && price.value < price.base;
  return (
    <Stack gap={2} data-testid="buyer-price">
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={700}>
          {formatMoney(price.value)}
        </Text>
        {discounted && (
          <Text size="xs" c="dimmed" td="line-through">
            {formatMoney(price.base)}
          </Text>
        )}
      </Group>
      {discounted && price.discount && (
        <Badge size="sm" variant="light" color="grape" w="fit-content" tt="none" styles={badgeStyles}>
          {price.discount.category}
        </Badge>
      )}
    </Stack>
  );
}

/**
 * The listings of a product or a branch: where, size, stock, dig status, price ladder, the buyer's
 * own price and how fresh the row is. One card per listing on a phone.
 */
export function AvailabilityTable({
  listings,
  columns = {},
  signedIn,
  extraColumns = [],
}: {
  listings: AvailabilityListing[];
  columns?: Columns;
  signedIn: boolean;
  extraColumns?: ExtraColumn[];
}) {
  const location = useLocation();
  const loginPath = paths.signIn(location.pathname + location.search);
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={columns.product ? 1060 : 1000} type="native" tabIndex={0}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        highlightOnHover
        verticalSpacing="sm"
        data-testid="branch-table"
      >
        <Table.Thead>
          <Table.Tr>
            {columns.product && <Table.Th>Product</Table.Th>}
            {columns.branch && <Table.Th>Supplier</Table.Th>}
            {columns.distance && <Table.Th>Distance</Table.Th>}
            <Table.Th>Size</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th>Dig status</Table.Th>
            <Table.Th>Price tiers</Table.Th>
            <Table.Th>Your price</Table.Th>
            <Table.Th>Updated</Table.Th>
            {extraColumns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {listings.map((listing) => (
            <Table.Tr key={listing.id} data-testid="branch-row">
              {columns.product && (
                <Table.Td miw={220}>
                  <Anchor
                    component={Link}
                    to={paths.product(listing.product.pathIdentifier)}
                    fw={600}
                    size="sm"
                  >
                    {listing.product.primaryName}
                  </Anchor>
                  {listing.product.secondaryName && (
                    <Text size="xs" c="dimmed">
                      {listing.product.secondaryName}
                    </Text>
                  )}
                </Table.Td>
              )}
              {columns.branch && (
                <Table.Td miw={160}>
                  <Anchor component={Link} to={paths.supplier(listing.branch.slug)} fw={600} size="sm">
                    {listing.branch.name}
                  </Anchor>
                  <BranchNoticeLine branchId={listing.branch.id} />
                </Table.Td>
              )}
              {columns.distance && (
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {listing.distance === null ? '—' : `${formatNumber(listing.distance)} mi`}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {listing.size}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {availabilityQuantityText(listing)}
                </Text>
              </Table.Td>
              <Table.Td>
                {listing.fieldStatus ? (
                  <Badge
                    variant="light"
                    color={fieldStatusColors[listing.fieldStatus] ?? 'gray'}
                    size="sm"
                    tt="none"
                    styles={badgeStyles}
                  >
                    {listing.fieldStatus}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {listing.priceTiers ? (
                  <PriceTiers tiers={listing.priceTiers} />
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <PriceCell listing={listing} signedIn={signedIn} loginPath={loginPath} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text
                    size="sm"
                    c="dimmed"
                    style={{ whiteSpace: 'nowrap' }}
                    title={new Date(listing.updatedAt).toLocaleString()}
                  >
                    {/* Under the 'Updated' heading: '6 days ago', not 'Updated 6 days ago'. */}
                    {capitalize(updatedAgoText(listing.updatedAt).replace(/^updated /, ''))}
                  </Text>
                  {listing.stale && (
                    <Badge
                      color="orange"
                      variant="light"
                      size="sm"
                      tt="none"
                      title="Not updated for over 30 days"
                      styles={badgeStyles}
                      data-testid="stale-badge"
                    >
                      Stale
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              {extraColumns.map((column) => (
                <Table.Td key={column.key}>{column.cell(listing)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Nine grey rows while a table loads (spec part 2 §9). */
export function TableSkeleton({ rows = 9 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label="Loading" aria-busy>
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={44} />
      ))}
    </Stack>
  );
}
