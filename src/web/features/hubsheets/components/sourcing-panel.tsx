import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingStore, IconHeart, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { HubsheetView } from '../../../../domain/hubsheets/hubsheet-types';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { formatMoney } from '../../../ui/money';
import { usePhoneCards } from '../../../ui/phone-cards';
import { hubsheetKeys } from '../api/hubsheets-api';
import { oneFewerStopText, truckFillText } from './estimation-view';
import { money } from './list-item-row';

type Suggestion = components['schemas']['SupplierMatch'];
type AddToCartAnswer = components['schemas']['HubsheetAddToCartResult'];

/** What one branch can supply of the whole list, line by line (branch_supply_check). */
function BranchSupplyDetails({
  hubsheetId,
  branchId,
  lineNumber,
}: {
  hubsheetId: number;
  branchId: number;
  lineNumber: Map<number, number>;
}) {
  const check = useQuery({
    queryKey: ['hubsheets', 'branch-supply', hubsheetId, branchId],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/hubsheets/{id}/branch_supply_check', {
          params: { path: { id: hubsheetId }, query: { branchId } },
          signal,
        }),
      ),
  });
  if (check.isPending) return <Loader size="xs" />;
  if (check.isError)
    return (
      <Text size="xs" c="red">
        {check.error.message}
      </Text>
    );
  return (
    <Stack gap={2} data-testid="branch-supply-check">
      <Text size="xs" fw={600}>
        Can supply {check.data.suppliableCount} of {check.data.items.length} lines
      </Text>
      {check.data.items.map((item) => (
        <Text key={item.listItemId} size="xs" c={item.canSupply ? undefined : 'dimmed'}>
          #{lineNumber.get(item.listItemId) ?? '?'}:{' '}
          {item.canSupply ? `${item.size ?? ''} at ${money(item.unitPrice)}` : (item.reason ?? item.status)}
        </Text>
      ))}
    </Stack>
  );
}

/** Said before sourcing and 'Add to cart': the lines left out until they have a quantity. */
export function skippedLinesText(lines: number[]) {
  const sorted = [...lines].sort((a, b) => a - b);
  const list = sorted.map((line) => `#${line}`).join(', ');
  return sorted.length === 1
    ? `Line ${list} will be skipped: enter a quantity for this line to include it.`
    : `${sorted.length} lines will be skipped (${list}): enter a quantity for these lines to include them.`;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** Suggests the supplier branches that cover the list, lets the user pick, and fills a cart. */
export function SourcingPanel({ hubsheet }: { hubsheet: HubsheetView }) {
  const queryClient = useQueryClient();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [mode, setMode] = useState<'all' | 'favorites' | null>(null);
  const [loading, setLoading] = useState<'all' | 'favorites' | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<AddToCartAnswer | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const lineNumber = new Map(hubsheet.listItems.map((item, index) => [item.id, index + 1]));
  // One card per branch on a phone (layout only).
  const phoneCards = usePhoneCards();

  const suggest = async (which: 'all' | 'favorites') => {
    setLoading(which);
    setAdded(null);
    try {
      const path =
        which === 'all'
          ? '/api/v1/hubsheets/{id}/match_suppliers'
          : '/api/v1/hubsheets/{id}/match_favorite_suppliers';
      const answer = await answerOf(api.GET(path, { params: { path: { id: hubsheet.id } } }));
      setSuggestion(answer);
      setMode(which);
      setChosen(new Set(answer.branches.map((branch) => branch.id)));
    } catch (error) {
      showError(messageOf(error));
    } finally {
      setLoading(null);
    }
  };

  const addToCart = async () => {
    if (!suggestion) return;
    const assignments = suggestion.branches
      .filter((branch) => chosen.has(branch.id))
      .flatMap((branch) => branch.listItemIds.map((listItemId) => ({ listItemId, branchId: branch.id })));
    setAdding(true);
    try {
      const answer = await answerOf(
        api.POST('/api/v1/hubsheets/{id}/add_to_cart', {
          params: { path: { id: hubsheet.id } },
          body: { assignments },
        }),
      );
      setAdded(answer);
      void queryClient.invalidateQueries({ queryKey: hubsheetKeys.detail(hubsheet.id) });
      void queryClient.invalidateQueries({ queryKey: ['carts'] });
    } catch (error) {
      showError(messageOf(error));
    } finally {
      setAdding(false);
    }
  };

  const chosenLines = suggestion?.branches
    .filter((branch) => chosen.has(branch.id))
    .reduce((sum, branch) => sum + branch.listItemIds.length, 0);

  return (
    <Paper withBorder p="md" radius="md" data-testid="sourcing-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <div>
            <Title order={2} size="h4">
              Find Suppliers and Order
            </Title>
            <Text size="sm" c="dimmed">
              The branches within your radius that cover the most lines at the lowest landed total (price plus
              freight).
            </Text>
          </div>
          <Group gap="xs">
            <Button
              leftSection={<IconBuildingStore size={16} />}
              variant={mode === 'all' ? 'filled' : 'light'}
              loading={loading === 'all'}
              onClick={() => void suggest('all')}
            >
              Match suppliers
            </Button>
            <Button
              leftSection={<IconHeart size={16} />}
              variant={mode === 'favorites' ? 'filled' : 'light'}
              loading={loading === 'favorites'}
              onClick={() => void suggest('favorites')}
            >
              Match favorite suppliers
            </Button>
          </Group>
        </Group>

        {suggestion && suggestion.branches.length === 0 && (
          <Alert color="yellow" variant="light">
            {mode === 'favorites'
              ? 'None of your favorite suppliers within the radius can supply these lines.'
              : 'No supplier within the radius can supply the matched lines yet.'}
          </Alert>
        )}

        {suggestion && suggestion.branches.length > 0 && (
          <>
            <Table.ScrollContainer minWidth={760} type="native">
              <Table
                ref={phoneCards}
                className="phone-cards"
                verticalSpacing="xs"
                data-testid="suggested-branches"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} />
                    <Table.Th>Branch</Table.Th>
                    <Table.Th>Lines</Table.Th>
                    <Table.Th ta="right">Distance</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th ta="right">Estimated Freight</Table.Th>
                    <Table.Th ta="right">Landed total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {suggestion.branches.map((branch) => (
                    <Fragment key={branch.id}>
                      <Table.Tr data-testid="suggested-branch" data-branch-id={branch.id}>
                        <Table.Td>
                          <Checkbox
                            aria-label={`Use ${branch.name}`}
                            checked={chosen.has(branch.id)}
                            onChange={(event) => {
                              const checked = event.currentTarget.checked;
                              setChosen((current) => {
                                const next = new Set(current);
                                if (checked) next.add(branch.id);
                                else next.delete(branch.id);
                                return next;
                              });
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <div>
                            <Text size="sm" fw={600}>
                              {branch.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {[branch.organizationName, branch.displayAddress].filter(Boolean).join(' · ')}
                            </Text>
                            <Anchor
                              component="button"
                              type="button"
                              size="xs"
                              onClick={() =>
                                setExpanded((current) => (current === branch.id ? null : branch.id))
                              }
                            >
                              {expanded === branch.id ? 'Hide what it can supply' : 'What it can supply'}
                            </Anchor>
                          </div>
                        </Table.Td>
                        <Table.Td>
                          <div>
                            <Text size="sm">
                              {branch.lineCount} {branch.lineCount === 1 ? 'line' : 'lines'}
                            </Text>
                            <Text size="xs" c="dimmed">
                              #{branch.listItemIds.map((id) => lineNumber.get(id) ?? '?').join(', #')}
                            </Text>
                          </div>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">
                            {branch.distanceMiles === null ? '—' : `${branch.distanceMiles} mi`}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{money(branch.total)}</Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <div>
                            <Text size="sm" data-testid="suggested-branch-freight">
                              {branch.estimatedFreight === null ? '—' : formatMoney(branch.estimatedFreight)}
                            </Text>
                            {branch.truckFill && (
                              <Text size="xs" c="dimmed">
                                {truckFillText(branch.truckFill)}
                              </Text>
                            )}
                          </div>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" fw={600} data-testid="suggested-branch-landed">
                            {formatMoney(branch.landedTotal)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                      {expanded === branch.id && (
                        <Table.Tr>
                          <Table.Td />
                          <Table.Td colSpan={6}>
                            <BranchSupplyDetails
                              hubsheetId={hubsheet.id}
                              branchId={branch.id}
                              lineNumber={lineNumber}
                            />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {suggestion.quantityMissingItemIds.length > 0 && (
              <Alert color="yellow" variant="light" data-testid="sourcing-skipped-lines">
                {skippedLinesText(suggestion.quantityMissingItemIds.map((id) => lineNumber.get(id) ?? 0))}
              </Alert>
            )}
            {suggestion.freightEstimate.note && (
              <Text size="sm" c="dimmed" data-testid="freight-note">
                {suggestion.freightEstimate.note}
              </Text>
            )}
            {suggestion.oneFewerStop && (
              <Text size="sm" c="dimmed" data-testid="one-fewer-stop">
                {oneFewerStopText(suggestion.oneFewerStop)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Covers {suggestion.coveredCount} of {hubsheet.listItems.length} lines
              {suggestion.unmatchedItemIds.length > 0 &&
                ` · ${suggestion.unmatchedItemIds.length} not matched`}
              {suggestion.uncoveredItemIds.length > 0 &&
                ` · ${suggestion.uncoveredItemIds.length} not offered within the radius`}
            </Text>
            <Group justify="flex-end">
              <Button
                leftSection={<IconShoppingCartPlus size={16} />}
                onClick={() => void addToCart()}
                loading={adding}
                disabled={!chosenLines}
              >
                Add to cart
              </Button>
            </Group>
          </>
        )}

        {added && (
          <Alert color="green" variant="light" data-testid="added-to-cart">
            <Text size="sm">
              Added {added.addedCount} {added.addedCount === 1 ? 'line' : 'lines'} to {added.cartName}.{' '}
              <Anchor component={Link} to={paths.cartEdit(added.cartId)} size="sm" fw={600}>
                Open the cart
              </Anchor>
            </Text>
            {added.skipped.length > 0 && (
              <Stack gap={0} mt={4}>
                {added.skipped.map((skip) => (
                  <Text key={skip.listItemId} size="xs" c="dimmed">
                    Line {lineNumber.get(skip.listItemId) ?? skip.listItemId}: {skip.reason}
                  </Text>
                ))}
              </Stack>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
