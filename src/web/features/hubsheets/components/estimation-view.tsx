import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HubsheetView } from '../../../../domain/hubsheets/hubsheet-types';
import { formatNumber } from '../../../../domain/text/number-format';
import { answerOf, api } from '../../../api/api';
import { useFeatures } from '../../../api/features';
import type { components } from '../../../api/generated/openapi';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { usePhoneCards } from '../../../ui/phone-cards';
import { photoItemLabel, RequestPhotosButton } from '../../../ui/request-photos-button';
import { money } from './list-item-row';

type Suggestion = components['schemas']['SupplierMatch'];
type SuggestedBranch = components['schemas']['SuggestedBranch'];
type TruckFill = components['schemas']['TruckFill'];

const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatMoney(value);

/** 'Truck Fill': pallets, trucks and how full they are. */
export function truckFillText(fill: TruckFill) {
  const trucks = `${fill.trucks} ${fill.truckName}${fill.trucks === 1 ? '' : ' trucks'}`;
  return `${formatNumber(fill.pallets)} pallets · ${trucks} · ${fill.fillPercent}% full`;
}

/** What one fewer stop would save, in the buyer's words. */
export function oneFewerStopText(fewer: NonNullable<Suggestion['oneFewerStop']>) {
  const without = `Without ${fewer.branchName}`;
  if (fewer.linesLeftOut.length > 0)
    return `${without}: ${cents(fewer.freightSaved)} less freight, but ${fewer.linesLeftOut.length} ${
      fewer.linesLeftOut.length === 1 ? 'line needs' : 'lines need'
    } another supplier.`;
  if (fewer.savings > 0) return `${without}: one fewer stop saves ${cents(fewer.savings)}.`;
  return `${without}: one fewer stop saves ${cents(fewer.freightSaved)} in freight but costs ${cents(
    fewer.extraPrice,
  )} more in prices (${cents(-fewer.savings)} more in all).`;
}

export const supplierMatchQueryKey = (id: number) => ['hubsheets', 'match-suppliers', id] as const;

/** One card per suggested branch: distance, Truck Fill, Estimated Freight and landed total. */
function BranchCards({ branches }: { branches: SuggestedBranch[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="estimation-branches">
      {branches.map((branch) => (
        <Paper key={branch.id} withBorder p="sm" radius="md" data-testid="estimation-branch">
          <Text fw={600} size="sm">
            {branch.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[branch.organizationName, branch.distanceMiles === null ? null : `${branch.distanceMiles} mi`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Stack gap={2} mt={6}>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Truck Fill
              </Text>
              <Text size="xs" data-testid="truck-fill">
                {branch.truckFill ? truckFillText(branch.truckFill) : '—'}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Supplier Price
              </Text>
              <Text size="xs">{money(branch.total)}</Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Estimated Freight
              </Text>
              <Text size="xs" data-testid="branch-estimated-freight">
                {cents(branch.estimatedFreight)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" fw={600}>
                Landed total
              </Text>
              <Text size="xs" fw={600} data-testid="branch-landed-total">
                {cents(branch.landedTotal)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Estimation mode (part 2 §9): per line Budgeted Price, Supplier Price, Market Supply, % Diff, the
 * line's Estimated Freight and Estimated Unit Price, and Truck Fill per branch, from match_suppliers.
 */
export function EstimationView({ hubsheet }: { hubsheet: HubsheetView }) {
  const { isOn } = useFeatures();
  const photos = isOn('PHOTO_REQUEST');
  const match = useQuery({
    queryKey: [...supplierMatchQueryKey(hubsheet.id), hubsheet.version, hubsheet.updatedAt],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/hubsheets/{id}/match_suppliers', { params: { path: { id: hubsheet.id } }, signal }),
      ),
  });
  const phoneCards = usePhoneCards();
  if (match.isPending)
    return (
      <Paper withBorder p="md" radius="md">
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Estimating prices and freight…</Text>
        </Group>
      </Paper>
    );
  if (match.isError)
    return (
      <LoadErrorAlert
        title="Could not estimate this hubsheet"
        error={match.error}
        onRetry={() => match.refetch()}
      />
    );
  const suggestion = match.data;
  const offerOf = new Map(
    suggestion.branches.flatMap((branch) =>
      branch.lines.map((line) => [line.listItemId, { branch, line }] as const),
    ),
  );
  const items = [...hubsheet.listItems].sort((a, b) => a.position - b.position || a.id - b.id);
  return (
    <Paper withBorder p="md" radius="md" data-testid="estimation-view">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Estimate
          </Title>
          <Text size="sm" c="dimmed">
            The suppliers with the lowest landed total (price plus freight to{' '}
            {hubsheet.postalCode ?? 'the job'}).
          </Text>
        </div>
        {suggestion.freightEstimate.note && (
          <Alert color="yellow" variant="light" data-testid="freight-note">
            {suggestion.freightEstimate.note}
          </Alert>
        )}
        {suggestion.branches.length > 0 && <BranchCards branches={suggestion.branches} />}
        <Table.ScrollContainer minWidth={960} type="native">
          <Table
            ref={phoneCards}
            className="phone-cards"
            verticalSpacing={6}
            horizontalSpacing="xs"
            data-testid="estimation-lines"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Budgeted Price</Table.Th>
                <Table.Th ta="right">Supplier Price</Table.Th>
                <Table.Th>Market Supply</Table.Th>
                <Table.Th ta="right">% Diff</Table.Th>
                <Table.Th ta="right">Estimated Freight</Table.Th>
                <Table.Th ta="right">Estimated Unit Price</Table.Th>
                <Table.Th>Supplier</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, index) => {
                const offer = offerOf.get(item.id);
                const diff = item.supply?.percentDiff ?? null;
                return (
                  <Table.Tr key={item.id} data-testid="estimation-line" data-item-id={item.id}>
                    <Table.Td>
                      <Text size="sm" fw={600} fs={item.product ? 'italic' : undefined}>
                        {index + 1}. {item.product?.primaryName ?? item.originalText}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {offer?.line.size ?? item.productVariant?.size ?? item.sizeText ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{item.quantity === null ? '—' : formatNumber(item.quantity)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{money(item.budgetPrice)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" data-testid="line-supplier-price">
                        {offer ? money(offer.line.unitPrice) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {item.supply
                          ? `${item.supply.branchCount} ${item.supply.branchCount === 1 ? 'branch' : 'branches'}${
                              item.supply.medianPrice ? ` · median ${money(item.supply.medianPrice)}` : ''
                            }`
                          : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={diff === null ? undefined : diff > 0 ? 'red' : 'hedge.8'}>
                        {diff === null ? '—' : `${diff > 0 ? '+' : ''}${diff}%`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" data-testid="line-freight-share">
                        {cents(offer?.line.freightShare)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} data-testid="line-estimated-unit-price">
                        {cents(offer?.line.estimatedUnitPrice)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {offer ? (
                        <Group gap={4} wrap="nowrap">
                          <Text size="xs">{offer.branch.name}</Text>
                          {photos && item.product && (
                            <RequestPhotosButton
                              compact
                              item={{
                                branchId: offer.branch.id,
                                productVariantId: offer.line.productVariantId,
                                itemLabel: photoItemLabel(item.product.primaryName, offer.line.size, []),
                                branchName: offer.branch.name,
                              }}
                            />
                          )}
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {item.product ? 'No supplier in range' : 'Not matched'}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="lg" data-testid="estimation-totals">
          <Text size="sm">Supplier Price {money(suggestion.total)}</Text>
          <Text size="sm">Estimated Freight {cents(suggestion.estimatedFreight)}</Text>
          <Text size="sm" fw={700} data-testid="estimation-landed-total">
            Landed total {cents(suggestion.landedTotal)}
          </Text>
        </Group>
        {suggestion.oneFewerStop && (
          <Text size="sm" c="dimmed" data-testid="one-fewer-stop">
            {oneFewerStopText(suggestion.oneFewerStop)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
