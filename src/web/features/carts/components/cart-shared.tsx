import { Alert, Anchor, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CartBranchView, CartItemView, CartView } from '../../../../domain/carts/cart-view';
import { discountLabels } from '../../../../domain/catalog/pricing';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { BranchTerms } from '../../../ui/branch-terms';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { CartLinePhotos } from './cart-line-photos';

export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : genericErrorMessage;

export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The toast every failed cart edit shows. */
export function showCartEditError(error: unknown) {
  notifications.show({
    color: 'red',
    title: 'Problem editing cart',
    message: messageOf(error),
    autoClose: 6000,
  });
}

/** The cart id from the URL, or null when it is not a positive whole number. */
export function useCartIdParam(): number | null {
  const { id = '' } = useParams();
  const value = Number(id);
  return /^\d+$/.test(id) && value > 0 ? value : null;
}

/** What a cart page shows while the cart loads or when it cannot: a loader, not-found, or the server's message. */
export function CartLoadProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundContent />;
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <Box maw={720} mx="auto" p="md">
      <LoadErrorAlert
        title="Could not load this cart"
        error={error}
        onRetry={forbidden ? undefined : onRetry}
      />
      {forbidden && (
        <Text size="sm">
          Questions about your account?{' '}
          <Anchor component={Link} to={paths.contact}>
            Contact us
          </Anchor>
        </Text>
      )}
    </Box>
  );
}

export function CartLoading() {
  return (
    <Center py={80}>
      <Loader aria-label="Loading cart" />
    </Center>
  );
}

const discountLabelSet = new Set<string>(Object.values(discountLabels));

/** Unit price, the discount label beside it, and the book price struck through when the buyer pays less. */
export function ItemPrice({ item }: { item: CartItemView }) {
  if (!item.price)
    return (
      <Text size="sm" c="dimmed">
        No price
      </Text>
    );
  const discounted = item.price.value < item.price.base;
  return (
    <Stack gap={2} data-testid="cart-item-price">
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} data-testid="cart-item-unit-price">
          {formatMoney(item.price.value)}
        </Text>
        {discounted && (
          <Text size="xs" c="dimmed" td="line-through" data-testid="cart-item-book-price">
            {formatMoney(item.price.base)}
          </Text>
        )}
      </Group>
      {discountLabelSet.has(item.price.category) && (
        <Badge size="xs" variant="light" color="hedge" w="fit-content">
          {item.price.category}
        </Badge>
      )}
    </Stack>
  );
}

/** The group heading for one supplier branch: names, address, link and the branch's notices. */
export function BranchHeading({ branch, children }: { branch: CartBranchView; children?: ReactNode }) {
  return (
    <Stack gap="xs" data-testid="cart-branch-heading">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Box>
          <Anchor
            component={Link}
            to={paths.supplier(branch.slug)}
            fw={700}
            size="lg"
            data-testid="cart-branch-name"
          >
            {branch.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {branch.organizationName}
          </Text>
          {branch.displayAddress && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} />
              <Text size="xs" c="dimmed">
                {branch.displayAddress}
              </Text>
            </Group>
          )}
        </Box>
        {children}
      </Group>
      {branch.notices && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} p="xs">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {branch.notices}
          </Text>
        </Alert>
      )}
      <BranchTerms branchId={branch.id} />
    </Stack>
  );
}

export function TotalsBlock({
  subtotal,
  taxAmount,
  total,
  testId,
}: {
  subtotal: number;
  taxAmount: number;
  total: number;
  testId?: string;
}) {
  return (
    <Stack gap={2} miw={200} data-testid={testId}>
      <Group justify="space-between" gap="lg">
        <Text size="sm">Subtotal</Text>
        <Text size="sm">{formatMoney(subtotal)}</Text>
      </Group>
      <Group justify="space-between" gap="lg">
        <Text size="sm">Estimated tax</Text>
        <Text size="sm">{formatMoney(taxAmount)}</Text>
      </Group>
      <Group justify="space-between" gap="lg">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid={testId ? `${testId}-total` : undefined}>
          {formatMoney(total)}
        </Text>
      </Group>
    </Stack>
  );
}

export type ItemGroup = { branch: CartBranchView; items: CartItemView[] };

/** Items in sort position order, grouped by branch; groups in the order of their first item. */
export function groupItems(cart: CartView): ItemGroup[] {
  const branches = new Map(cart.branches.map((branch) => [branch.id, branch]));
  const sorted = [...cart.items].sort((a, b) => a.sortPosition - b.sortPosition || a.id - b.id);
  const groups = new Map<number, ItemGroup>();
  for (const item of sorted) {
    let group = groups.get(item.branchId);
    if (!group) {
      const branch = branches.get(item.branchId);
      if (!branch) continue;
      group = { branch, items: [] };
      groups.set(item.branchId, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

export function formatDate(iso: string | null) {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A read-only item line (read-only page and review summary). */
export function ReadOnlyItemRow({ item, branchName }: { item: CartItemView; branchName?: string }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="cart-item-row">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Box style={{ flex: '1 1 220px', minWidth: 0 }}>
          <ItemName item={item} />
        </Box>
        <Text size="sm" w={110}>
          {formatNumber(item.quantity)} {item.unitAbbreviation}
        </Text>
        <Box w={140}>
          <ItemPrice item={item} />
        </Box>
        <Text size="sm" fw={600} w={100} ta="right" data-testid="cart-item-total">
          {formatMoney(item.buyerTotal)}
        </Text>
        {branchName !== undefined && <CartLinePhotos item={item} branchName={branchName} />}
      </Group>
      {(item.buyerNotes || item.sharedNotes) && (
        <Stack gap={0} mt={4}>
          {item.buyerNotes && (
            <Text size="xs" c="dimmed">
              Buyer notes: {item.buyerNotes}
            </Text>
          )}
          {item.sharedNotes && (
            <Text size="xs" c="dimmed">
              Shared notes: {item.sharedNotes}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

export function ItemName({ item }: { item: CartItemView }) {
  const details = [item.size, ...item.characteristics].filter(Boolean).join(' · ');
  return (
    <Box style={{ minWidth: 0 }}>
      {item.product ? (
        <Anchor
          component={Link}
          to={paths.product(item.product.pathIdentifier)}
          fw={600}
          size="sm"
          fs="italic"
          data-testid="cart-item-name"
        >
          {item.name}
        </Anchor>
      ) : (
        <Text fw={600} size="sm" data-testid="cart-item-name">
          {item.name}
          {item.nonCatalog && (
            <Badge ml={6} size="xs" variant="outline" color="gray">
              Not in catalog
            </Badge>
          )}
        </Text>
      )}
      {item.secondaryName && (
        <Text size="xs" c="dimmed">
          {item.secondaryName}
        </Text>
      )}
      {details && <Text size="xs">{details}</Text>}
    </Box>
  );
}

export function CopyCartButton({ onCopy, loading }: { onCopy: () => void; loading: boolean }) {
  return (
    <Button variant="default" onClick={onCopy} loading={loading}>
      Copy Cart
    </Button>
  );
}
