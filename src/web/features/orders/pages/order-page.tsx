import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { productName, supportContact } from '../../../../domain/brand';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { type OrderDetail, type OrderParties, useOrder, useOrderParties } from '../api/order-api';
import { OrderActions } from '../components/order-actions';
import { OrderAmountsCard } from '../components/order-amounts-card';
import { formatDay } from '../components/order-dates';
import { OrderDocumentsCard } from '../components/order-documents-card';
import { OrderFulfillmentCard } from '../components/order-fulfillment-card';
import { OrderHeader } from '../components/order-header';
import { OrderHistoryCard } from '../components/order-history-card';
import { OrderInvoiceCard } from '../components/order-invoice-card';
import { OrderItemsCard } from '../components/order-items-card';
import { OrderTimelineCard } from '../components/order-timeline-card';
import { OrderVersionsCard } from '../components/order-versions-card';
import { SupplierAnswerCard } from '../components/supplier-answer-card';
import { useOrderIdParam } from './use-order-id-param';

/** /orders/{id}: one order for its buyer, the branch's supplier or an admin. */
export function OrderPage() {
  const id = useOrderIdParam();
  const order = useOrder(id);
  const parties = useOrderParties(id, order.isSuccess);
  if (id === null) return <NotFoundContent />;
  if (order.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the order" />
      </Group>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFoundContent />;
    return (
      <Box maw={720} mx="auto" p="md">
        <LoadErrorAlert
          title="Could not load this order"
          error={order.error}
          onRetry={() => order.refetch()}
        />
      </Box>
    );
  }
  return <OrderView order={order.data} parties={parties.data ?? null} />;
}

function OrderView({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const supplierView = order.audience === 'supplier';
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <OrderHeader order={order} parties={parties} />
        {order.deactivated && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="order-deactivated"
          >
            <Text size="sm" fw={600}>
              {productName} deactivated this order on {formatDay(order.deactivated.at)}.
            </Text>
            <Text size="sm">
              It no longer appears in the order lists and cannot be changed. Contact {productName} if you have
              questions.
            </Text>
            {order.deactivated.reason && (
              <Text size="sm" mt={4}>
                Reason: {order.deactivated.reason}
              </Text>
            )}
          </Alert>
        )}
        {order.audience === 'buyer' && order.state === 'needs_payment_info' && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconCreditCard size={18} />}
            title="Payment information needed"
            data-testid="order-needs-payment"
          >
            <Text size="sm">
              This order is waiting for payment information before it goes to the supplier. Contact support at{' '}
              <Anchor href={supportContact.phoneHref} size="sm">
                {supportContact.phone}
              </Anchor>
              , or add a credit card or bank account and it is sent at once.
            </Text>
            <Button
              component={Link}
              to={paths.paymentMethods}
              size="compact-sm"
              mt="xs"
              color="orange"
              td="none"
            >
              Add Payment Method
            </Button>
          </Alert>
        )}
        <OrderActions order={order} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Box>
            <OrderTimelineCard order={order} />
          </Box>
          <Stack gap="md" style={{ minWidth: 0 }}>
            <OrderFulfillmentCard order={order} parties={parties} />
            {order.buyerToSupplierNotes?.trim() && (
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="xs">
                  {supplierView ? 'Notes from the buyer' : 'Notes to the supplier'}
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-buyer-notes">
                  {order.buyerToSupplierNotes}
                </Text>
              </Paper>
            )}
          </Stack>
          <Stack gap="md" style={{ minWidth: 0 }}>
            <SupplierAnswerCard order={order} />
            <OrderInvoiceCard order={order} />
            <OrderAmountsCard order={order} />
            <OrderDocumentsCard order={order} />
          </Stack>
        </SimpleGrid>
        <OrderItemsCard order={order} />
        <OrderVersionsCard order={order} />
        <OrderHistoryCard order={order} parties={parties} />
      </Stack>
    </Container>
  );
}
