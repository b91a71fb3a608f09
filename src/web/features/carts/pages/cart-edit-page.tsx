import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Alert, Box, Button, Container, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  type CartSortField,
  cartSortOptions,
  isCartSortField,
  renumberPositions,
  sortCartItems,
} from '../../../../domain/carts/cart-sorting';
import type { CartItemView, CartView } from '../../../../domain/carts/cart-view';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { showError } from '../../../shell/toasts';
import {
  cartKeys,
  checkoutCart,
  deleteCartItem,
  reorderCartItems,
  updateCart,
  useCart,
  useInvalidateCarts,
} from '../api/carts-api';
import { CartItemRow, type CartRowActions } from '../components/cart-item-row';
import {
  BranchHeading,
  CartLoading,
  CartLoadProblem,
  groupItems,
  type ItemGroup,
  isConflict,
  messageOf,
  showCartEditError,
  TotalsBlock,
  useCartIdParam,
} from '../components/cart-shared';
import { DownloadQuoteDialog } from '../components/download-quote-dialog';
import { FreightRequestButton } from '../components/freight-request-button';
import { InlineField } from '../components/inline-field';
import { NonCatalogItemForm } from '../components/non-catalog-item-form';
import { useCopyCart } from '../components/use-copy-cart';

/** /quotes/{id}/edit: the buyer's working cart. */
export function CartEditPage() {
  const id = useCartIdParam();
  if (id === null) return <NotFoundContent />;
  return <CartEditor id={id} />;
}

function CartEditor({ id }: { id: number }) {
  const cart = useCart(id);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const isCopy = Boolean((location.state as { copiedFromOrder?: number } | null)?.copiedFromOrder);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCarts();
  const [conflict, setConflict] = useState<string | null>(null);

  // Rows get one stable object, so a cart reload re-renders only the rows whose item changed.
  const actions = useMemo<CartRowActions>(
    () => ({
      onItemSaved: (item) => {
        queryClient.setQueryData<CartView>(cartKeys.detail(id), (old) =>
          old ? { ...old, items: old.items.map((entry) => (entry.id === item.id ? item : entry)) } : old,
        );
        invalidate();
      },
      onConflict: (message) => {
        setConflict(message);
        void queryClient.invalidateQueries({ queryKey: cartKeys.detail(id) });
      },
      onDelete: async (item) => {
        try {
          await deleteCartItem(item.id);
          queryClient.setQueryData<CartView>(cartKeys.detail(id), (old) =>
            old ? { ...old, items: old.items.filter((entry) => entry.id !== item.id) } : old,
          );
          invalidate();
        } catch (error) {
          showCartEditError(error);
        }
      },
    }),
    [id, queryClient, invalidate],
  );

  if (cart.isPending) return <CartLoading />;
  if (cart.isError) return <CartLoadProblem error={cart.error} onRetry={() => cart.refetch()} />;
  if (!cart.data.permissions.edit) return <Navigate to={paths.cart(id)} replace />;

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        {/* Only a cart the reorder flow just made says it is a copy, not any cart opened with ?reorder=true. */}
        {searchParams.get('reorder') === 'true' && isCopy && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            This is a copy of a submitted cart. Check quantities and availability, then check out to order
            again.
          </Alert>
        )}
        {conflict && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="This cart was changed somewhere else"
            withCloseButton
            onClose={() => setConflict(null)}
            role="alert"
            data-testid="cart-conflict"
          >
            {conflict}
          </Alert>
        )}
        <CartHeader cart={cart.data} onConflict={actions.onConflict} />
        <CartItems cart={cart.data} actions={actions} />
      </Stack>
    </Container>
  );
}

function CartHeader({ cart, onConflict }: { cart: CartView; onConflict: (message: string) => void }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateCarts();
  const { copy, pending: copying } = useCopyCart(cart);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [checkingOut, setCheckingOut] = useState(false);
  const latest = useRef(cart);
  latest.current = cart;

  const save = async (change: { name?: string; jobData?: CartView['jobData'] }): Promise<string | null> => {
    try {
      invalidate(await updateCart(cart.id, { version: latest.current.version, ...change }));
      return null;
    } catch (error) {
      if (isConflict(error)) {
        onConflict(messageOf(error));
        return 'Not saved: press Enter to save again';
      }
      if (error instanceof ApiError && Object.keys(error.fields).length)
        return Object.values(error.fields)[0] ?? null;
      showCartEditError(error);
      return messageOf(error);
    }
  };
  const saveJob = (field: keyof CartView['jobData']) => (value: string) =>
    save({ jobData: { ...latest.current.jobData, [field]: value || null } });

  const checkout = async () => {
    setCheckingOut(true);
    try {
      invalidate(await checkoutCart(cart.id));
      navigate(paths.cartReview(cart.id));
    } catch (error) {
      showCartEditError(error);
      setCheckingOut(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap="xs" style={{ flex: '1 1 420px' }}>
          <InlineField
            aria-label="Cart name"
            value={cart.name}
            onSave={(name) => save({ name })}
            size="md"
            styles={{ input: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
            data-testid="cart-name"
          />
          <Text size="sm" c="dimmed">
            Cart #{cart.cartNumber} · {cart.buyerFullName}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <InlineField
              size="xs"
              label="Job #"
              value={cart.jobData.externalJobNumber ?? ''}
              onSave={saveJob('externalJobNumber')}
            />
            <InlineField
              size="xs"
              label="Phase"
              value={cart.jobData.externalPhase ?? ''}
              onSave={saveJob('externalPhase')}
            />
            <InlineField
              size="xs"
              label="Job postal code"
              value={cart.jobData.postalCode ?? ''}
              onSave={saveJob('postalCode')}
            />
          </SimpleGrid>
        </Stack>
        <Stack gap="sm" style={{ flex: '0 1 300px' }}>
          <TotalsBlock
            subtotal={cart.subtotal}
            taxAmount={cart.taxAmount}
            total={cart.total}
            testId="cart-totals"
          />
          <Group gap="xs" grow preventGrowOverflow={false}>
            <Button variant="default" onClick={() => setDialogOpen(true)}>
              Download Quote
            </Button>
            <Button variant="default" onClick={copy} loading={copying}>
              Copy Cart
            </Button>
          </Group>
          <FreightRequestButton cart={cart} />
          <Button onClick={checkout} loading={checkingOut} disabled={cart.items.length === 0}>
            Checkout
          </Button>
        </Stack>
      </Group>
      <DownloadQuoteDialog cartId={cart.id} opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Paper>
  );
}

const sortable = (cart: CartView) => {
  const branchNames = new Map(cart.branches.map((branch) => [branch.id, branch.name]));
  return cart.items.map((item) => ({
    id: item.id,
    name: item.name,
    branchName: branchNames.get(item.branchId) ?? '',
    categoryNames: item.categoryNames,
    createdAt: item.createdAt,
  }));
};

function CartItems({ cart, actions }: { cart: CartView; actions: CartRowActions }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCarts();
  const [sortField, setSortField] = useState<CartSortField | null>(null);
  const groups = useMemo(() => groupItems(cart), [cart]);

  const saveOrder = useCallback(
    async (positions: { id: number; sortPosition: number }[]) => {
      const position = new Map(positions.map((entry) => [entry.id, entry.sortPosition]));
      // Show the new order at once; the answer (or a reload on failure) settles it.
      queryClient.setQueryData<CartView>(cartKeys.detail(cart.id), (old) =>
        old
          ? {
              ...old,
              items: old.items.map((item) => {
                const sortPosition = position.get(item.id);
                return sortPosition === undefined || sortPosition === item.sortPosition
                  ? item
                  : { ...item, sortPosition };
              }),
            }
          : old,
      );
      try {
        invalidate(await reorderCartItems(cart.id, positions));
      } catch (error) {
        showError(messageOf(error));
        void queryClient.invalidateQueries({ queryKey: cartKeys.detail(cart.id) });
      }
    },
    [cart.id, queryClient, invalidate],
  );

  const latestGroups = useRef(groups);
  latestGroups.current = groups;
  const moveWithinGroup = useCallback(
    (branchId: number, activeId: number, overId: number) => {
      const ids = latestGroups.current.flatMap((group) => {
        const groupIds = group.items.map((item) => item.id);
        if (group.branch.id !== branchId) return groupIds;
        return arrayMove(groupIds, groupIds.indexOf(activeId), groupIds.indexOf(overId));
      });
      setSortField(null);
      void saveOrder(renumberPositions(ids));
    },
    [saveOrder],
  );

  if (cart.items.length === 0)
    return (
      <Paper withBorder p="xl" ta="center">
        <Text fw={600}>This cart is empty</Text>
        <Text size="sm" c="dimmed">
          Search for plants and materials and add them to this cart.
        </Text>
        <Button mt="md" component={Link} to={paths.search()}>
          Search products
        </Button>
      </Paper>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {formatNumber(cart.items.length)} {cart.items.length === 1 ? 'item' : 'items'} from{' '}
          {cart.branches.length} {cart.branches.length === 1 ? 'supplier' : 'suppliers'}
        </Text>
        <Select
          label="Sort by"
          placeholder="Choose"
          size="xs"
          w={200}
          data={cartSortOptions.map((option) => ({ value: option.value, label: option.label }))}
          value={sortField}
          allowDeselect={false}
          onChange={(value) => {
            if (!value || !isCartSortField(value)) return;
            setSortField(value);
            void saveOrder(sortCartItems(sortable(cart), value));
          }}
        />
      </Group>
      {groups.map((group) => (
        <BranchGroup
          key={group.branch.id}
          group={group}
          cartId={cart.id}
          actions={actions}
          onMove={moveWithinGroup}
        />
      ))}
    </Stack>
  );
}

const BranchGroup = memo(function BranchGroup({
  group,
  cartId,
  actions,
  onMove,
}: {
  group: ItemGroup;
  cartId: number;
  actions: CartRowActions;
  onMove: (branchId: number, activeId: number, overId: number) => void;
}) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCarts();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The same ids keep the same array, so a reload does not re-render every sortable row.
  const idKey = group.items.map((item) => item.id).join(',');
  const ids = useMemo(() => idKey.split(',').map(Number), [idKey]);
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    onMove(group.branch.id, Number(active.id), Number(over.id));
  };
  const onAdded = (item: CartItemView) => {
    queryClient.setQueryData<CartView>(cartKeys.detail(cartId), (old) =>
      old ? { ...old, items: [...old.items, item] } : old,
    );
    invalidate();
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="cart-branch-group" data-branch-id={group.branch.id}>
      <Stack gap="sm">
        <BranchHeading branch={group.branch}>
          <Box>
            <TotalsBlock
              subtotal={group.branch.subtotal}
              taxAmount={group.branch.taxAmount}
              total={group.branch.total}
            />
          </Box>
        </BranchHeading>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Stack gap="xs">
              {group.items.map((item) => (
                <CartItemRow
                  key={item.id}
                  item={item}
                  branchName={group.branch.name}
                  actions={actions}
                  sortable={group.items.length > 1}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
        <NonCatalogItemForm cartId={cartId} branchId={group.branch.id} onAdded={onAdded} />
      </Stack>
    </Paper>
  );
});
