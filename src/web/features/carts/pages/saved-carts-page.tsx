import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconCopy,
  IconFileTypePdf,
  IconPencil,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CartSummary } from '../../../../domain/carts/cart-view';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { TableSkeleton } from '../../../ui/availability-table';
import { formatMoney } from '../../../ui/money';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { cartListQueryOptions, duplicateCart, useCartList, useInvalidateCarts } from '../api/carts-api';
import { CreateCartModal } from '../components/create-cart-modal';
import { DownloadQuoteDialog } from '../components/download-quote-dialog';

export const cartsPerPage = 10;
export const noOpenCartsText = 'You do not currently have any open carts';
export const noSubmittedCartsText = 'You have not submitted any carts';
export const noCartsYetText = "You haven't made any carts yet";
export const cartsLoadErrorText = (filter: CartFilter) =>
  `There was an issue loading your ${filter === 'submitted' ? 'submitted' : 'active'} carts. Please reload the page and try again.`;

type CartFilter = 'open' | 'submitted';
type SortField = 'name' | 'cartNumber' | 'createdAt' | 'submittedAt' | 'updatedAt';
type Sort = { field: SortField; direction: 'asc' | 'desc' };

const sortFields: readonly SortField[] = ['name', 'cartNumber', 'createdAt', 'submittedAt', 'updatedAt'];

const defaultSort = (filter: CartFilter): Sort =>
  filter === 'submitted'
    ? { field: 'submittedAt', direction: 'desc' }
    : { field: 'updatedAt', direction: 'desc' };

function parseSort(value: string | null, filter: CartFilter): Sort {
  const [field, direction] = (value ?? '').split('|');
  if (sortFields.includes(field as SortField) && (direction === 'asc' || direction === 'desc'))
    return { field: field as SortField, direction };
  return defaultSort(filter);
}

/** 'Nov 22, 2026'. */
export function formatCartDate(iso: string | null) {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The Saved Carts filter, kept in the URL (?filter=submitted&query=&page=&sort=). */
function useCartFilter() {
  const [params, setParams] = useSearchParams();
  const filter: CartFilter = params.get('filter') === 'submitted' ? 'submitted' : 'open';
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const sort = parseSort(params.get('sort'), filter);
  const explicitSort = params.get('sort') ? `${sort.field}|${sort.direction}` : null;
  const update = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      // Any change but paging starts again at page 1.
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  return { filter, query, page, sort, explicitSort, update };
}

function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: SortField;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const next: Sort = { field, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' };
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          <Icon size={14} aria-hidden color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function CartRow({
  cart,
  filter,
  onPdf,
  onCopy,
  copying,
}: {
  cart: CartSummary;
  filter: CartFilter;
  onPdf: (id: number) => void;
  onCopy: (cart: CartSummary) => void;
  copying: boolean;
}) {
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.Tr data-testid="cart-row" data-cart-id={cart.id}>
      <Table.Td miw={180}>
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={filter === 'submitted' ? paths.cart(cart.id) : paths.cartEdit(cart.id)}
            fw={600}
            size="sm"
          >
            {cart.name}
          </Anchor>
          {cart.current && filter === 'open' && (
            <Badge size="sm" color="hedge" variant="light" data-testid="cart-active-badge">
              Active
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td style={nowrap}>{cart.cartNumber}</Table.Td>
      <Table.Td>{cart.jobData.externalJobNumber ?? '—'}</Table.Td>
      <Table.Td>{cart.jobData.externalPhase ?? '—'}</Table.Td>
      <Table.Td style={nowrap}>{formatCartDate(cart.createdAt)}</Table.Td>
      {filter === 'open' ? (
        <Table.Td style={nowrap}>{formatCartDate(cart.updatedAt)}</Table.Td>
      ) : (
        <>
          <Table.Td style={nowrap}>{formatCartDate(cart.submittedAt)}</Table.Td>
          <Table.Td ta="right">{formatNumber(cart.ordersCount)}</Table.Td>
          <Table.Td ta="right" style={nowrap}>
            {formatMoney(cart.total)}
          </Table.Td>
        </>
      )}
      <Table.Td>
        {/* Wraps on a phone's card rather than running past its edge. */}
        <Group gap={6}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconFileTypePdf size={14} aria-hidden />}
            onClick={() => onPdf(cart.id)}
          >
            PDF
          </Button>
          {filter === 'open' ? (
            <Button
              size="compact-sm"
              variant="light"
              component={Link}
              to={paths.cartEdit(cart.id)}
              leftSection={<IconPencil size={14} aria-hidden />}
            >
              Edit in Cart
            </Button>
          ) : (
            <Button size="compact-sm" variant="light" component={Link} to={paths.cart(cart.id)}>
              Details
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCopy size={14} aria-hidden />}
            loading={copying}
            onClick={() => onCopy(cart)}
          >
            Copy Cart
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A non-activated user with no carts at all: a nudge to start one. */
function NoCartsYet({ onStart }: { onStart: () => void }) {
  return (
    <Paper withBorder p="xl" ta="center" data-testid="no-carts-yet">
      <Text fw={700} size="lg">
        {noCartsYetText}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        Build a cart to price plants and materials across suppliers, then download a quote or order.
      </Text>
      <Group justify="center" mt="lg">
        <Button onClick={onStart}>Start building a cart</Button>
        <Button component={Link} to={paths.search()} variant="default">
          Search our catalog
        </Button>
      </Group>
    </Paper>
  );
}

/** /quotes: the user's open and submitted carts (spec part 2 §2 Saved Carts). */
export function SavedCartsPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const invalidate = useInvalidateCarts();
  const { filter, query, page, sort, explicitSort, update } = useCartFilter();
  const [search, setSearch] = useState(query);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [createOpened, createModal] = useDisclosure(false);
  const [pdfCartId, setPdfCartId] = useState<number | null>(null);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const phoneCards = usePhoneCards();

  // The box follows the URL (back button, Clear search) …
  useEffect(() => setSearch(query), [query]);
  // … and the URL follows the box once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value should write the URL
  useEffect(() => {
    if (debouncedSearch.trim() !== query) update({ query: debouncedSearch.trim() || null });
  }, [debouncedSearch]);

  const carts = useCartList({ active: filter === 'open', query, sort: explicitSort, page });
  const notActivated = Boolean(user && !user.activated);
  // Only a non-activated user with an empty open list needs to know whether they have any carts at all.
  const openEmpty = filter === 'open' && !query && carts.data?.totalCount === 0;
  const otherList = useQuery({
    ...cartListQueryOptions({ active: false, query: '', sort: null, page: 1 }),
    enabled: notActivated && openEmpty,
  });
  const noCartsAtAll = notActivated && openEmpty && otherList.data?.totalCount === 0;

  const copy = async (cart: CartSummary) => {
    if (copyingId !== null) return;
    setCopyingId(cart.id);
    try {
      const copied = await duplicateCart(cart.id);
      invalidate(copied);
      // A copy of a submitted cart is a reorder: its edit page says so.
      void navigate(paths.cartEdit(copied.id, { reorder: cart.state === 'submitted' }));
    } catch (error) {
      showError(error instanceof Error ? error.message : undefined);
    } finally {
      setCopyingId(null);
    }
  };

  const sortable = (label: string, field: SortField) => (
    <SortHeader
      label={label}
      field={field}
      sort={sort}
      onSort={(next) => update({ sort: `${next.field}|${next.direction}` })}
    />
  );

  return (
    <Box maw={1200} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz={28}>
          Saved Carts
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
          New Cart
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md" mb="md" data-testid="carts-filter">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search carts..."
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') update({ query: search.trim() || null });
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              update({ query: null });
            }}
            disabled={!search && !query}
          >
            Clear search
          </Button>
          <Radio.Group
            label="Show"
            value={filter}
            onChange={(value) => update({ filter: value === 'submitted' ? 'submitted' : null, sort: null })}
          >
            <Group gap="md" mt={6} h={36}>
              <Radio value="open" label="Open" />
              <Radio value="submitted" label="Submitted" />
            </Group>
          </Radio.Group>
        </Group>
      </Paper>

      {carts.isPending ? (
        <TableSkeleton rows={5} />
      ) : carts.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="carts-error"
        >
          {cartsLoadErrorText(filter)}
          <Button
            display="block"
            mt="sm"
            size="compact-sm"
            variant="white"
            color="red"
            onClick={() => carts.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : noCartsAtAll ? (
        <NoCartsYet onStart={createModal.open} />
      ) : carts.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="carts-empty">
          <Text fw={600}>
            {query
              ? `No ${filter === 'submitted' ? 'submitted' : 'open'} carts match "${query}"`
              : filter === 'submitted'
                ? noSubmittedCartsText
                : noOpenCartsText}
          </Text>
        </Paper>
      ) : (
        <Stack gap={0} style={{ opacity: carts.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={filter === 'submitted' ? 1100 : 960} type="native" tabIndex={0}>
            <Table
              ref={phoneCards}
              className="phone-cards"
              striped
              highlightOnHover
              verticalSpacing="sm"
              data-testid="carts-table"
            >
              <Table.Thead>
                <Table.Tr>
                  {sortable('Name', 'name')}
                  {sortable('Cart #', 'cartNumber')}
                  <Table.Th>Job #</Table.Th>
                  <Table.Th>Phase</Table.Th>
                  {sortable('Created', 'createdAt')}
                  {filter === 'open' ? (
                    sortable('Updated', 'updatedAt')
                  ) : (
                    <>
                      {sortable('Submitted', 'submittedAt')}
                      <Table.Th ta="right"># Orders</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </>
                  )}
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {carts.data.results.map((cart) => (
                  <CartRow
                    key={cart.id}
                    cart={cart}
                    filter={filter}
                    onPdf={setPdfCartId}
                    onCopy={(row) => void copy(row)}
                    copying={copyingId === cart.id}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PaginationBar
            page={page}
            perPage={cartsPerPage}
            totalCount={carts.data.totalCount}
            totalPages={carts.data.totalPages}
            onPageChange={(next) => update({ page: String(next) })}
          />
        </Stack>
      )}

      <CreateCartModal opened={createOpened} onClose={createModal.close} />
      {pdfCartId !== null && (
        <DownloadQuoteDialog cartId={pdfCartId} opened onClose={() => setPdfCartId(null)} />
      )}
    </Box>
  );
}
