import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { cartStateLabels } from '../../../../domain/carts/cart-states';
import type { CartView, DeliveryAddress } from '../../../../domain/carts/cart-view';
import { downloadFile } from '../../../api/client';
import type { QueryValue } from '../../../api/query-string';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { showError } from '../../../shell/toasts';
import { formatMoney } from '../../../ui/money';
import { reopenCart, submitCart, useCart, useInvalidateCarts } from '../api/carts-api';
import {
  BranchHeading,
  CartLoading,
  CartLoadProblem,
  formatDate,
  groupItems,
  messageOf,
  ReadOnlyItemRow,
  showCartEditError,
  TotalsBlock,
  useCartIdParam,
} from '../components/cart-shared';
import { DownloadQuoteDialog } from '../components/download-quote-dialog';
import { FreightRequestButton } from '../components/freight-request-button';
import { FulfillmentCard } from '../components/fulfillment-card';
import { useCopyCart } from '../components/use-copy-cart';

/** Loads the cart of the URL and hands it to `children`, or shows loading, not-found or the error. */
function WithCart({ children }: { children: (cart: CartView) => React.ReactNode }) {
  const id = useCartIdParam();
  const cart = useCart(id ?? 0);
  if (id === null) return <NotFoundContent />;
  if (cart.isPending) return <CartLoading />;
  if (cart.isError) return <CartLoadProblem error={cart.error} onRetry={() => cart.refetch()} />;
  return <>{children(cart.data)}</>;
}

function OrdersList({ cart }: { cart: CartView }) {
  if (cart.orders.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="xs">
        Orders
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table data-testid="cart-orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Supplier</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cart.orders.map((order) => (
              <Table.Tr key={order.id} data-testid="cart-order">
                <Table.Td>
                  <Anchor component={Link} to={paths.order(order.id)}>
                    {order.orderNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.branchName}</Table.Td>
                <Table.Td ta="right">{formatMoney(order.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** /quotes/{id}: a cart to read (submitted carts, or someone else's). */
export function CartPage() {
  return <WithCart>{(cart) => <CartReadOnly cart={cart} />}</WithCart>;
}

function CartReadOnly({ cart }: { cart: CartView }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const { copy, pending } = useCopyCart(cart);
  const groups = groupItems(cart);
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={4} style={{ flex: '1 1 320px' }}>
              <Group gap="xs">
                <Title order={1} size="h2">
                  {cart.name}
                </Title>
                <Badge variant="light" color={cart.state === 'submitted' ? 'green' : 'gray'}>
                  {cartStateLabels[cart.state]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Cart #{cart.cartNumber} · {cart.buyerFullName}
              </Text>
              {(cart.jobData.externalJobNumber || cart.jobData.externalPhase || cart.jobData.postalCode) && (
                <Text size="sm">
                  {[
                    cart.jobData.externalJobNumber && `Job # ${cart.jobData.externalJobNumber}`,
                    cart.jobData.externalPhase && `Phase ${cart.jobData.externalPhase}`,
                    cart.jobData.postalCode && `Postal code ${cart.jobData.postalCode}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
              {cart.submittedAt && <Text size="sm">Submitted {formatDate(cart.submittedAt)}</Text>}
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
                <Button variant="default" onClick={copy} loading={pending}>
                  Copy Cart
                </Button>
              </Group>
              <FreightRequestButton cart={cart} />
              {cart.permissions.edit && (
                <Button component={Link} to={paths.cartEdit(cart.id)}>
                  Edit cart
                </Button>
              )}
            </Stack>
          </Group>
        </Paper>
        <OrdersList cart={cart} />
        {groups.length === 0 && (
          <Paper withBorder p="xl" ta="center">
            <Text>This cart is empty.</Text>
          </Paper>
        )}
        {groups.map((group) => (
          <Paper key={group.branch.id} withBorder p="md" radius="md" data-testid="cart-branch-group">
            <Stack gap="sm">
              <BranchHeading branch={group.branch}>
                <TotalsBlock
                  subtotal={group.branch.subtotal}
                  taxAmount={group.branch.taxAmount}
                  total={group.branch.total}
                />
              </BranchHeading>
              {group.items.map((item) => (
                <ReadOnlyItemRow key={item.id} item={item} branchName={group.branch.name} />
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <DownloadQuoteDialog cartId={cart.id} opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Container>
  );
}

/** /quotes/{id}/review: checkout, one card per supplier branch, then submit. */
export function CartReviewPage() {
  return (
    <WithCart>
      {(cart) =>
        cart.state === 'submitted' ? (
          <Navigate to={paths.cartSubmitted(cart.id)} replace />
        ) : (
          <CartReview cart={cart} />
        )
      }
    </WithCart>
  );
}

const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

function CartReview({ cart }: { cart: CartView }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateCarts();
  // One key per visit: a double click or a retry replays the first submission instead of ordering twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [submitting, setSubmitting] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [dirtyBranches, setDirtyBranches] = useState<ReadonlySet<number>>(new Set());
  const submitted = useRef(false);

  const onConflict = useCallback(
    (message: string) => {
      setConflict(message);
      invalidate();
    },
    [invalidate],
  );
  const onDirtyChange = useCallback((branchId: number, dirty: boolean) => {
    setDirtyBranches((current) => {
      if (current.has(branchId) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(branchId);
      else next.delete(branchId);
      return next;
    });
  }, []);

  const submit = async () => {
    if (submitted.current) return;
    submitted.current = true;
    setSubmitting(true);
    try {
      const answer = await submitCart(cart.id, idempotencyKey);
      invalidate(answer.cart);
      navigate(paths.cartSubmitted(cart.id));
    } catch (error) {
      submitted.current = false;
      setSubmitting(false);
      showCartEditError(error);
    }
  };

  const backToCart = async () => {
    setReopening(true);
    try {
      invalidate(await reopenCart(cart.id));
      navigate(paths.cartEdit(cart.id));
    } catch (error) {
      setReopening(false);
      showCartEditError(error);
    }
  };

  const groups = groupItems(cart);
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              Review and submit
            </Title>
            <Text size="sm" c="dimmed">
              {cart.name} · Cart #{cart.cartNumber}
            </Text>
          </div>
          <Button variant="default" onClick={backToCart} loading={reopening}>
            Back to cart
          </Button>
        </Group>
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
        {groups.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text fw={600}>This cart is empty</Text>
            <Text size="sm" c="dimmed">
              Go back to the cart and add items before checking out.
            </Text>
          </Paper>
        ) : (
          groups.map((group, index) => {
            let previousAddress: DeliveryAddress | null = null;
            for (const earlier of groups.slice(0, index)) {
              previousAddress = earlier.branch.fulfillment.deliveryAddress ?? previousAddress;
            }
            return (
              <FulfillmentCard
                key={group.branch.id}
                cartId={cart.id}
                version={cart.version}
                group={group}
                previousAddress={previousAddress}
                onConflict={onConflict}
                onDirtyChange={onDirtyChange}
              />
            );
          })
        )}
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
            <TotalsBlock
              subtotal={cart.subtotal}
              taxAmount={cart.taxAmount}
              total={cart.total}
              testId="cart-totals"
            />
            <Stack gap="xs" align="flex-end" maw={420}>
              {!cart.permissions.submit && (
                <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
                  Only approved buyers can submit orders.{' '}
                  <Anchor component={Link} to={paths.contact}>
                    Contact us
                  </Anchor>{' '}
                  to have your account approved.
                </Alert>
              )}
              {dirtyBranches.size > 0 && (
                <Text size="sm" c="orange">
                  Save your changes for each supplier before submitting.
                </Text>
              )}
              <Button
                size="md"
                onClick={submit}
                loading={submitting}
                disabled={!cart.permissions.submit || groups.length === 0 || dirtyBranches.size > 0}
              >
                Submit Order
              </Button>
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

/** /quotes/{id}/submitted: what the submission created. */
export function CartSubmittedPage() {
  return (
    <WithCart>
      {(cart) => (
        <Container size="sm" py="xl">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <IconCircleCheck size={36} color="var(--mantine-color-green-7)" />
              <Title order={1} size="h2">
                Your cart was submitted
              </Title>
            </Group>
            <Text>
              Cart #{cart.cartNumber} · {cart.name}
              {cart.submittedAt ? ` · ${formatDate(cart.submittedAt)}` : ''}
            </Text>
            {cart.state !== 'submitted' && (
              <Alert color="yellow" variant="light">
                This cart has not been submitted yet.{' '}
                <Anchor component={Link} to={paths.cartReview(cart.id)}>
                  Go to checkout
                </Anchor>
              </Alert>
            )}
            <OrdersList cart={cart} />
            <Group gap="sm">
              <Button component={Link} to={paths.carts} variant="default">
                Back to Saved Carts
              </Button>
              <Button component={Link} to={paths.newCart}>
                Start a new cart
              </Button>
            </Group>
          </Stack>
        </Container>
      )}
    </WithCart>
  );
}

function DownloadPage({ path, query }: { path: string; query: Record<string, QueryValue> }) {
  const id = useCartIdParam();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const latestQuery = useRef(query);
  latestQuery.current = query;
  const start = useCallback(async () => {
    if (id === null) return;
    setError(null);
    try {
      await downloadFile(`/api/v1/carts/${id}/${path}`, latestQuery.current);
    } catch (failure) {
      setError(messageOf(failure));
      showError(messageOf(failure));
    }
  }, [id, path]);
  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  if (id === null) return <NotFoundContent />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          Your download should start in a moment
        </Title>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={<IconDownload size={16} />} onClick={() => void start()}>
            Download again
          </Button>
          <Button component={Link} to={paths.cart(id)} variant="default">
            Back to the cart
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** /quotes/{id}/download_quote_pdf[?show_supplier=false] */
export function QuotePdfDownloadPage() {
  const [params] = useSearchParams();
  return (
    <DownloadPage
      path="quote.pdf"
      query={{ show_supplier: params.get('show_supplier') === 'false' ? false : undefined }}
    />
  );
}

const csvFormats = ['BUYER_CSV', 'QUOTE_CSV', 'FULL_CSV'] as const;

/** /quotes/{id}/download_quote_csv?format=BUYER_CSV|QUOTE_CSV|FULL_CSV */
export function QuoteCsvDownloadPage() {
  const [params] = useSearchParams();
  const requested = params.get('format');
  const format = csvFormats.find((entry) => entry === requested) ?? 'BUYER_CSV';
  return <DownloadPage path="quote.csv" query={{ format }} />;
}
