import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffPricesInput } from '../../../../domain/carts/cart-staff';
import { type CartState, cartStateLabels } from '../../../../domain/carts/cart-states';
import { formatMoney } from '../../../../domain/money';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { EmptyList } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import {
  type AdminCartView,
  useAddInternalNote,
  useAdminCart,
  useAdminCarts,
  useMoveCartLine,
  useReassignCart,
  useSetStaffPrices,
} from '../api/admin-carts';
import { useUsers } from '../api/get-users';

const perPage = 25;
const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));
const stateColor: Record<CartState, string> = { draft: 'gray', in_review: 'blue', submitted: 'green' };

/** /admin/carts: every buyer's cart, found by number, name, buyer or organisation. */
export function AdminCartsPage() {
  const { page, query, update } = useListSearchParams();
  const carts = useAdminCarts({ query, page, perPage });
  const phoneCards = usePhoneCards();
  return (
    <AdminFrame title="Carts">
      <SearchInput
        label="Search carts"
        placeholder="Cart number, name, buyer, email or organization"
        value={query}
        onSearch={(value) => update({ query: value }, { replace: true })}
        mb="md"
        maw={480}
      />
      {carts.isPending ? (
        <PageLoader />
      ) : carts.isError ? (
        <LoadErrorAlert title="Could not load carts" error={carts.error} onRetry={() => carts.refetch()} />
      ) : carts.data.results.length === 0 ? (
        <EmptyList testId="admin-carts-empty" message="No cart matches this search." />
      ) : (
        <Paper withBorder radius="md" data-testid="admin-carts">
          <Table.ScrollContainer minWidth={640}>
            <Table ref={phoneCards} className="phone-cards" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cart</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th ta="right">Lines</Table.Th>
                  <Table.Th>Changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {carts.data.results.map((cart) => (
                  <Table.Tr key={cart.id} data-testid="admin-cart-row">
                    <Table.Td>
                      <Anchor component={Link} to={paths.adminCart(cart.cartNumber)} fw={600} size="sm">
                        {cart.cartNumber}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {cart.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{cart.buyerFullName}</Text>
                      <Text size="xs" c="dimmed">
                        {cart.organizationName ?? cart.buyerEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={stateColor[cart.state]}>
                        {cartStateLabels[cart.state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{cart.itemsCount}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateTime value={cart.updatedAt} withTime={false} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {carts.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={carts.data.totalCount}
          totalPages={carts.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

type Line = AdminCartView['lines'][number];
type Item = AdminCartView['cart']['items'][number];

const toCents = (value: string | number) =>
  value === '' || value === null ? null : Math.round(Number(value) * 100);
const toDollars = (cents: number | null) => (cents === null ? '' : cents / 100);

/** Staff prices for one line, in dollars; an empty field gives that price back to the listing. */
function PricesModal({
  cartNumber,
  item,
  line,
  onClose,
}: {
  cartNumber: string;
  item: Item;
  line: Line;
  onClose: () => void;
}) {
  const save = useSetStaffPrices(cartNumber);
  const [values, setValues] = useState({
    bookPrice: toDollars(line.staffPrices?.bookPrice ?? null) as string | number,
    buyerPrice: toDollars(line.staffPrices?.buyerPrice ?? null) as string | number,
    supplierPrice: toDollars(line.staffPrices?.supplierPrice ?? null) as string | number,
  });
  const submit = (prices: StaffPricesInput) =>
    save.mutate(
      { itemId: item.id, prices },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Prices saved for ${item.name}` });
          onClose();
        },
      },
    );
  const field = (key: keyof typeof values, label: string, original: number | null) => (
    <NumberInput
      label={label}
      description={`Listing: ${money(original)}`}
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      min={0}
      thousandSeparator=","
      placeholder="Listing price"
      value={values[key]}
      onChange={(value) => setValues((previous) => ({ ...previous, [key]: value }))}
    />
  );
  return (
    <Modal opened onClose={onClose} title={`Prices for ${item.name}${item.size ? ` (${item.size})` : ''}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          Per unit. Leave a price empty to use the listing's. The buyer's cart and the order it becomes use
          these prices.
        </Text>
        {field('bookPrice', 'Book price', line.original.bookPrice)}
        {field('buyerPrice', 'Buyer price', line.original.buyerPrice)}
        {field('supplierPrice', 'Supplier price', line.original.supplierPrice)}
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            disabled={!line.staffPrices}
            loading={save.isPending}
            onClick={() => submit({ bookPrice: null, buyerPrice: null, supplierPrice: null })}
          >
            Use listing prices
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              submit({
                bookPrice: toCents(values.bookPrice),
                buyerPrice: toCents(values.buyerPrice),
                supplierPrice: toCents(values.supplierPrice),
              })
            }
          >
            Save prices
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function LinesTable({ view }: { view: AdminCartView }) {
  const { cart } = view;
  const move = useMoveCartLine(cart.cartNumber);
  const [editing, setEditing] = useState<number | null>(null);
  const tableRef = usePhoneCards();
  const branchName = (id: number) => cart.branches.find((branch) => branch.id === id)?.name ?? '';
  const editingItem = cart.items.find((item) => item.id === editing);
  const editingLine = view.lines.find((line) => line.itemId === editing);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="sm">
        Lines
      </Title>
      {cart.items.length === 0 ? (
        <Text c="dimmed">This cart has no lines.</Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table ref={tableRef} className="phone-cards" verticalSpacing="sm" data-testid="admin-cart-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Branch</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Book</Table.Th>
                <Table.Th ta="right">Buyer</Table.Th>
                <Table.Th ta="right">Supplier</Table.Th>
                <Table.Th ta="right">Line total</Table.Th>
                {view.editable && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cart.items.map((item) => {
                const line = view.lines.find((candidate) => candidate.itemId === item.id);
                const staff = line?.staffPrices ?? null;
                const price = (current: number | null, original: number | null | undefined, set: boolean) => (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" fw={set ? 700 : undefined}>
                      {money(current)}
                    </Text>
                    {set && (
                      <Text size="xs" c="dimmed" td="line-through" title="Listing price">
                        {money(original ?? null)}
                      </Text>
                    )}
                  </Stack>
                );
                return (
                  <Table.Tr key={item.id} data-testid="admin-cart-line">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {item.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[item.size, item.secondaryName].filter(Boolean).join(' · ')}
                      </Text>
                      {staff && (
                        <Badge size="xs" variant="light" color="grape" mt={4}>
                          Staff prices
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td miw={200}>
                      {view.editable && line && line.branchOptions.length > 0 ? (
                        <Select
                          aria-label={`Branch of ${item.name}`}
                          size="xs"
                          data={[
                            { value: String(item.branchId), label: branchName(item.branchId) },
                            ...line.branchOptions.map((branch) => ({
                              value: String(branch.id),
                              label: `${branch.name} (${branch.organizationName})`,
                            })),
                          ]}
                          value={String(item.branchId)}
                          allowDeselect={false}
                          disabled={move.isPending}
                          onChange={(value) => {
                            if (!value || Number(value) === item.branchId) return;
                            move.mutate(
                              { itemId: item.id, branchId: Number(value) },
                              {
                                onSuccess: () =>
                                  notifications.show({ color: 'green', message: `${item.name} moved` }),
                              },
                            );
                          }}
                        />
                      ) : (
                        <Text size="sm">{branchName(item.branchId)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {item.quantity} {item.unitAbbreviation}
                    </Table.Td>
                    <Table.Td ta="right">
                      {price(item.bookPrice, line?.original.bookPrice, staff?.bookPrice != null)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {price(item.price?.value ?? null, line?.original.buyerPrice, staff?.buyerPrice != null)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {price(item.supplierPrice, line?.original.supplierPrice, staff?.supplierPrice != null)}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(item.buyerTotal)}</Table.Td>
                    {view.editable && (
                      <Table.Td>
                        <Button size="xs" variant="light" onClick={() => setEditing(item.id)}>
                          Edit prices
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end" mt="sm" gap="xl">
        <Text size="sm">
          Subtotal <strong>{formatMoney(cart.subtotal)}</strong>
        </Text>
        <Text size="sm">
          Total <strong data-testid="admin-cart-total">{formatMoney(cart.total)}</strong>
        </Text>
      </Group>
      {editingItem && editingLine && (
        <PricesModal
          cartNumber={cart.cartNumber}
          item={editingItem}
          line={editingLine}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}

function InternalNotes({ view }: { view: AdminCartView }) {
  const add = useAddInternalNote(view.cart.cartNumber);
  const [body, setBody] = useState('');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4">
        Staff notes
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Only staff see these; they are never shown to the buyer or printed on the quote.
      </Text>
      <Stack gap="xs" mb="sm" data-testid="internal-notes">
        {view.internalNotes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No staff notes yet.
          </Text>
        ) : (
          view.internalNotes.map((note) => (
            <Paper key={note.id} bg="var(--mantine-color-yellow-0)" p="xs" radius="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
              <Text size="xs" c="dimmed">
                {note.authorName ?? 'Staff'} · <DateTime value={note.createdAt} />
              </Text>
            </Paper>
          ))
        )}
      </Stack>
      <Textarea
        label="Add a staff note"
        autosize
        minRows={2}
        maxLength={2000}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
      />
      <Group justify="flex-end" mt="xs">
        <Button
          size="sm"
          disabled={!body.trim()}
          loading={add.isPending}
          onClick={() => add.mutate({ cartId: view.cart.id, body }, { onSuccess: () => setBody('') })}
        >
          Add note
        </Button>
      </Group>
    </Paper>
  );
}

function Reassign({ view }: { view: AdminCartView }) {
  const reassign = useReassignCart(view.cart.cartNumber);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useUsers({ query: debounced, status: 'approved', page: 1, perPage: 20 });
  const [buyerUserId, setBuyerUserId] = useState<string | null>(null);
  const [notifyBuyer, setNotifyBuyer] = useState(true);
  const [note, setNote] = useState('');
  const options = (users.data?.results ?? [])
    .filter((user) => user.id !== view.cart.buyerUserId && user.organizationId !== null)
    .map((user) => ({
      value: String(user.id),
      label: `${user.fullName} · ${user.organizationName ?? user.email}`,
    }));
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="sm">
        Reassign to another buyer
      </Title>
      <Stack gap="sm">
        <Select
          label="Buyer"
          placeholder="Search by name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={buyerUserId}
          onChange={setBuyerUserId}
          nothingFoundMessage={users.isFetching ? 'Searching…' : 'Nobody found'}
          filter={({ options: all }) => all}
        />
        <Textarea
          label="Note to the buyer"
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Checkbox
          label="Email the buyer"
          checked={notifyBuyer}
          onChange={(event) => setNotifyBuyer(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button
            disabled={!buyerUserId}
            loading={reassign.isPending}
            onClick={() =>
              reassign.mutate(
                { cartId: view.cart.id, buyerUserId: Number(buyerUserId), notifyBuyer, note },
                {
                  onSuccess: (next) => {
                    notifications.show({
                      color: 'green',
                      message: `Cart assigned to ${next.cart.buyerFullName}`,
                    });
                    setBuyerUserId(null);
                    setNote('');
                  },
                },
              )
            }
          >
            Reassign cart
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/carts/{cartNumber}/edit: a buyer's cart as staff see it, with their tools. */
export function AdminCartPage() {
  const { cartNumber = '' } = useParams();
  const cart = useAdminCart(cartNumber);
  return (
    <AdminFrame title={`Cart ${cartNumber}`}>
      <Anchor component={Link} to={paths.adminCarts} size="sm">
        ← All carts
      </Anchor>
      {cart.isPending ? (
        <PageLoader />
      ) : cart.isError ? (
        <LoadErrorAlert title="Could not load the cart" error={cart.error} onRetry={() => cart.refetch()} />
      ) : (
        <Stack mt="sm" gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={2} size="h3">
                  {cart.data.cart.name}
                </Title>
                <Badge variant="light" color={stateColor[cart.data.cart.state]}>
                  {cartStateLabels[cart.data.cart.state]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {cart.data.cart.cartNumber} · {cart.data.cart.buyerFullName} ({cart.data.cart.buyerEmail})
                {cart.data.cart.organizationName ? ` · ${cart.data.cart.organizationName}` : ''}
              </Text>
            </Stack>
            {cart.data.cart.orders.length > 0 && (
              <Group gap="xs">
                {cart.data.cart.orders.map((order) => (
                  <Anchor key={order.id} component={Link} to={paths.adminOrder(order.orderNumber)} size="sm">
                    Order {order.orderNumber}
                  </Anchor>
                ))}
              </Group>
            )}
          </Group>
          {!cart.data.editable && (
            <Text size="sm" c="dimmed">
              This cart was submitted: change its orders from their order pages.
            </Text>
          )}
          <LinesTable view={cart.data} />
          <SimpleGrid cols={{ base: 1, md: cart.data.editable ? 2 : 1 }}>
            <InternalNotes view={cart.data} />
            {cart.data.editable && <Reassign view={cart.data} />}
          </SimpleGrid>
        </Stack>
      )}
    </AdminFrame>
  );
}
