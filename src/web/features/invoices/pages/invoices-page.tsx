import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  IconDownload,
  IconFileTypePdf,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import {
  defaultInvoiceSort,
  type InvoiceSortField,
  invoiceSortFields,
  invoiceSortLabels,
} from '../../../../domain/invoices/invoice-views';
import { downloadFile } from '../../../api/client';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { TableSkeleton } from '../../../ui/availability-table';
import { InvoiceStatusBadge } from '../../../ui/invoice-status-badge';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { type Invoice, useInvoiceList } from '../api/invoices-api';
import { InvoicesSidePanel } from '../components/invoices-side-panel';

export const settledUpText = "You're all settled up.";
export const noPaidInvoicesText = "You don't have any paid invoices.";
export const noMatchText = 'No invoices match your search.';

type Tab = 'open' | 'paid';

const formatDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The tab, search, sort and page live in the URL so a reload or link shows the same list. */
function useInvoiceFilters() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'paid' ? 'paid' : 'open';
  const sortParam = params.get('sort') ?? '';
  const [field, direction] = sortParam.split('|');
  const sort =
    invoiceSortFields.includes(field as InvoiceSortField) && (direction === 'asc' || direction === 'desc')
      ? sortParam
      : defaultInvoiceSort[tab];
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = params.get('query') ?? '';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        // Any filter change starts again at page 1.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { tab, sort, page, query, update };
}

export function InvoicesPage() {
  useDocumentTitle(`Invoices · ${productName}`);
  const navigate = useNavigate();
  const { tab, sort, page, query, update } = useInvoiceFilters();
  const [search, setSearch] = useState(query);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced.trim() !== query) update({ query: debounced.trim() || null });
  }, [debounced, query, update]);
  useEffect(() => setSearch(query), [query]);

  const list = useInvoiceList({ status: tab, query, sort, page });
  const data = list.data;
  // A new page, tab or search starts with nothing selected: the selection belongs to the rows shown.
  const rowsKey = data?.results.map((invoice) => invoice.id).join(',') ?? '';
  const [selection, setSelection] = useState<{ rowsKey: string; ids: number[] }>({ rowsKey: '', ids: [] });
  const selected = selection.rowsKey === rowsKey ? selection.ids : [];
  const setSelected = (update: number[] | ((current: number[]) => number[])) =>
    setSelection({ rowsKey, ids: typeof update === 'function' ? update(selected) : update });

  // PAYMENT_PENDING invoices cannot be selected or paid (part 3 §4.6); paid ones can still be
  // selected for their PDFs.
  const selectable = useMemo(
    () => (data?.results ?? []).filter((invoice) => invoice.paymentStatus !== 'PAYMENT_PENDING'),
    [data],
  );
  const payableSelected = selected.filter((id) =>
    data?.results.some((invoice) => invoice.id === id && invoice.paymentStatus !== 'PAID'),
  );
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const [fieldName, direction] = sort.split('|') as [InvoiceSortField, 'asc' | 'desc'];

  const download = async (ids: number[]) => {
    try {
      await downloadFile('/api/v1/invoices/pdfs', { invoiceIds: ids });
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
    }
  };
  const downloadAll = () => download((data?.results ?? []).map((invoice) => invoice.id));

  return (
    <Stack gap="md" maw={1240} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg" data-testid="invoices-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Invoices</Title>
        {tab === 'open' && data && data.payableCount > 0 && (
          <Button onClick={() => navigate(paths.invoicePayment('all'))} data-testid="pay-full-balance">
            Pay Full Balance ({formatMoney(data.balance)})
          </Button>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Tabs
            value={tab}
            onChange={(value) => update({ tab: value === 'paid' ? 'paid' : null, sort: null, query: null })}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="open" data-testid="tab-open">
                open invoices ({data?.openCount ?? 0})
              </Tabs.Tab>
              <Tabs.Tab value="paid" data-testid="tab-paid">
                paid invoices ({data?.paidCount ?? 0})
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Group gap="sm" mb="sm" wrap="wrap" align="flex-end">
            <TextInput
              label="Search"
              placeholder="Invoice number or order name"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
            />
            <Select
              label="Sort by"
              data={invoiceSortFields.map((value) => ({ value, label: invoiceSortLabels[value] }))}
              value={fieldName}
              onChange={(value) => value && update({ sort: `${value}|${direction}` })}
              allowDeselect={false}
              w={170}
            />
            <Tooltip label={direction === 'asc' ? 'Ascending' : 'Descending'}>
              <ActionIcon
                variant="default"
                size="lg"
                mb={2}
                aria-label={
                  direction === 'asc'
                    ? 'Sort ascending, change to descending'
                    : 'Sort descending, change to ascending'
                }
                onClick={() => update({ sort: `${fieldName}|${direction === 'asc' ? 'desc' : 'asc'}` })}
              >
                {direction === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
              </ActionIcon>
            </Tooltip>
          </Group>
          {data && data.results.length > 0 && (
            <Group gap="sm" mb="sm" wrap="wrap">
              <Checkbox
                label="Select all"
                checked={allSelected}
                indeterminate={selected.length > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? [] : selectable.map((invoice) => invoice.id))}
                data-testid="select-all"
              />
              {selected.length > 0 ? (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => download(selected)}
                >
                  Download {selected.length} Selected PDF
                </Button>
              ) : (
                tab === 'open' && (
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    onClick={downloadAll}
                  >
                    Download All PDFs
                  </Button>
                )
              )}
              {tab === 'open' && payableSelected.length > 0 && (
                <Button
                  size="xs"
                  onClick={() => navigate(paths.invoicePayment(payableSelected))}
                  data-testid="pay-selected"
                >
                  Pay for {payableSelected.length} Selected Invoice
                </Button>
              )}
            </Group>
          )}
          {list.error ? (
            <LoadErrorAlert
              error={list.error}
              title="Your invoices could not be loaded"
              onRetry={() => void list.refetch()}
            />
          ) : !data ? (
            <TableSkeleton rows={9} />
          ) : data.results.length === 0 ? (
            <EmptyInvoices tab={tab} searching={query !== ''} onClear={() => update({ query: null })} />
          ) : (
            <InvoiceTable
              invoices={data.results}
              tab={tab}
              selected={selected}
              onToggle={(id) =>
                setSelected((current) =>
                  current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
                )
              }
              onPay={(id) => navigate(paths.invoicePayment([id]))}
              onPdf={(id) => download([id])}
            />
          )}
          {data && (
            <PaginationBar
              page={page}
              perPage={20}
              totalCount={data.totalCount}
              totalPages={data.totalPages}
              onPageChange={(next) => update({ page: String(next) })}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <InvoicesSidePanel />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function EmptyInvoices({ tab, searching, onClear }: { tab: Tab; searching: boolean; onClear: () => void }) {
  return (
    <Paper withBorder p="xl" ta="center" data-testid="invoices-empty">
      {searching ? (
        <>
          <Text fw={600}>{noMatchText}</Text>
          <Button variant="subtle" mt="xs" onClick={onClear}>
            Clear Search
          </Button>
        </>
      ) : tab === 'open' ? (
        <>
          <Text fw={600}>{settledUpText}</Text>
          <Anchor component={Link} to={paths.invoices('paid')} size="sm">
            View paid invoices
          </Anchor>
        </>
      ) : (
        <>
          <Text fw={600}>{noPaidInvoicesText}</Text>
          <Anchor component={Link} to={paths.invoices('open')} size="sm">
            View open invoices
          </Anchor>
        </>
      )}
    </Paper>
  );
}

function InvoiceTable({
  invoices,
  tab,
  selected,
  onToggle,
  onPay,
  onPdf,
}: {
  invoices: Invoice[];
  tab: Tab;
  selected: number[];
  onToggle: (id: number) => void;
  onPay: (id: number) => void;
  onPdf: (id: number) => void;
}) {
  const ref = usePhoneCards();
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table ref={ref} className="phone-cards" verticalSpacing="sm" data-testid="invoices-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Select</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>{tab === 'open' ? 'Due' : 'Issued'}</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">{tab === 'open' ? 'Amount due' : 'Paid'}</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => {
            const pending = invoice.paymentStatus === 'PAYMENT_PENDING';
            const payable = !pending && invoice.paymentStatus !== 'PAID';
            return (
              <Table.Tr
                key={invoice.id}
                data-testid="invoice-row"
                data-invoice-number={invoice.invoiceNumber}
              >
                <Table.Td fw={600}>{invoice.invoiceNumber}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${invoice.invoiceNumber}`}
                    checked={selected.includes(invoice.id)}
                    disabled={pending}
                    onChange={() => onToggle(invoice.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/orders/${invoice.order.id}`} size="sm">
                    {invoice.order.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {invoice.order.orderNumber}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDay(tab === 'open' ? invoice.dueDate : invoice.createdAt)}</Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge invoice={invoice} />
                </Table.Td>
                <Table.Td ta="right">{formatMoney(invoice.total)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(tab === 'open' ? invoice.amountDue : invoice.amountPaid)}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconFileTypePdf size={14} />}
                      onClick={() => onPdf(invoice.id)}
                      aria-label={`PDF of ${invoice.invoiceNumber}`}
                    >
                      PDF
                    </Button>
                    {payable && (
                      <Button size="compact-sm" onClick={() => onPay(invoice.id)}>
                        Pay Invoice
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
