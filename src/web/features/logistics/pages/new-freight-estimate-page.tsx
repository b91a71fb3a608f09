import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { freightTexts } from '../../../../domain/logistics/freight';
import { formatMoney } from '../../../../domain/money';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { NotFoundContent } from '../../../shell/not-found';
import { PageLoader } from '../../../shell/route-guards';
import { showError, showSuccess } from '../../../shell/toasts';
import { DetailList } from '../../../ui/detail-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import {
  type FreightEstimateForm,
  useCreateFreightEstimate,
  useFreightEstimateForm,
} from '../api/logistics-api';

function RequestSummary({ form }: { form: FreightEstimateForm }) {
  const { request } = form;
  return (
    <Paper withBorder p="md" radius="md" data-testid="freight-request-summary">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {request.order
            ? `Order ${request.order.orderNumber}`
            : request.cart
              ? `Cart ${request.cart.cartNumber}`
              : 'Request'}
          {' · '}
          {request.order?.name ?? request.cart?.name}
        </Title>
        <DetailList
          items={[
            { label: 'Buyer', value: request.buyerOrganizationName ?? '—' },
            { label: 'Requested by', value: request.requestedByFullName ?? '—' },
            {
              label: 'From',
              value: request.branch ? `${request.branch.name} ${request.branch.postalCode ?? ''}` : '—',
            },
            {
              label: 'Destination',
              value: `${request.destinationCity}, ${request.destinationState} ${request.destinationPostalCode}`,
            },
            {
              label: 'Distance',
              value: request.distanceMiles === null ? 'Unknown' : `${request.distanceMiles} miles`,
            },
            { label: 'Expected ship date', value: request.expectedShipDate ?? '—' },
            { label: 'Fulfillment hours', value: request.fulfillmentHours ?? '—' },
            { label: 'Delivery assist', value: request.needsDeliveryAssist ? 'Needed' : 'Not needed' },
            { label: 'Notes', value: request.notes ?? '—' },
          ]}
        />
        <Text size="sm" fw={600}>
          Lines
        </Text>
        <List size="sm" spacing={2}>
          {request.lines.map((line, index) => (
            // Lines have no id of their own: they are a copy of the cart or order at the request.
            // biome-ignore lint/suspicious/noArrayIndexKey: the copied lines never reorder
            <List.Item key={index}>
              {line.quantity} × {line.primaryName}
              {line.size ? ` ${line.size}` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * /freight_estimates/{id}/new/: the logistics admin prices a freight request: a truck (its suggestion
 * is distance × rate, at least the minimum), the cost to adjust, notes and an optional PDF.
 */
export function NewFreightEstimatePage() {
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const form = useFreightEstimateForm(id);
  const create = useCreateFreightEstimate();
  const navigate = useNavigate();
  const [truckId, setTruckId] = useState<string | null>(null);
  const [cost, setCost] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (id === null) return <NotFoundContent />;
  if (form.isPending)
    return (
      <AdminFrame title="Create freight estimate">
        <PageLoader />
      </AdminFrame>
    );
  if (form.isError)
    return (
      <AdminFrame title="Create freight estimate">
        <LoadErrorAlert
          title="Could not load the freight request"
          error={form.error}
          onRetry={() => form.refetch()}
        />
      </AdminFrame>
    );
  const { request, trucks, suggestions } = form.data;
  const chooseTruck = (value: string | null) => {
    setTruckId(value);
    const suggestion = suggestions.find((row) => String(row.truckId) === value);
    if (suggestion) setCost(suggestion.cost / 100);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (cost === '') found.cost = freightTexts.costRequired;
    else if (Number(cost) < 0) found.cost = freightTexts.costNegative;
    if (pdf && !pdf.name.toLowerCase().endsWith('.pdf')) found.pdf = freightTexts.pdfType;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create.mutateAsync({
        freightRequestId: request.id,
        cost: Math.round(Number(cost) * 100),
        notes,
        truckId: truckId === null ? null : Number(truckId),
        pdf,
      });
      showSuccess('Freight Estimate Added');
      navigate(paths.messageThread(request.threadId));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else showError(error instanceof Error ? error.message : undefined);
    }
  };
  return (
    <AdminFrame title="Create freight estimate">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RequestSummary form={form.data} />
        {request.estimate ? (
          <Alert color="green" title="Freight Estimate Added" data-testid="estimate-done">
            {formatMoney(request.estimate.cost)}
            {request.estimate.truckName ? ` with ${request.estimate.truckName}` : ''}.{' '}
            <Anchor component={Link} to={paths.messageThread(request.threadId)}>
              Open the thread
            </Anchor>
          </Alert>
        ) : (
          <Paper withBorder p="md" radius="md">
            <form onSubmit={submit} noValidate data-testid="freight-estimate-form">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Freight estimate
                </Title>
                <Select
                  label="Truck"
                  placeholder={trucks.length ? 'Choose a truck to suggest a cost' : 'No trucks yet'}
                  data={trucks.map((truck) => {
                    const suggestion = suggestions.find((row) => row.truckId === truck.id);
                    return {
                      value: String(truck.id),
                      label: `${truck.name} · ${formatMoney(truck.ratePerMile)}/mi, min ${formatMoney(truck.minimumCharge)}${suggestion ? ` → ${formatMoney(suggestion.cost)}` : ''}`,
                    };
                  })}
                  value={truckId}
                  onChange={chooseTruck}
                  clearable
                />
                {trucks.length === 0 && (
                  <Text size="xs" c="dimmed">
                    <Anchor component={Link} to={paths.newTruck}>
                      Add a truck
                    </Anchor>{' '}
                    to get a suggested cost.
                  </Text>
                )}
                <NumberInput
                  label="Freight cost"
                  required
                  prefix="$"
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  value={cost}
                  onChange={setCost}
                  error={errors.cost}
                  data-testid="estimate-cost"
                />
                <Textarea
                  label="Notes"
                  autosize
                  minRows={3}
                  value={notes}
                  onChange={(e) => setNotes(e.currentTarget.value)}
                  error={errors.notes}
                />
                <FileInput
                  label="Estimate PDF (optional)"
                  accept="application/pdf,.pdf"
                  leftSection={<IconFileTypePdf size={16} />}
                  value={pdf}
                  onChange={setPdf}
                  clearable
                  error={errors.pdf}
                  data-testid="estimate-pdf"
                />
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to={paths.adminLogistics}>
                    Back to queue
                  </Button>
                  <Button type="submit" loading={create.isPending}>
                    Create Freight Estimate
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )}
      </SimpleGrid>
    </AdminFrame>
  );
}
