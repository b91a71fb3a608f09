import { Button, Card, Group, Select, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccess } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import {
  useAssignMarketManager,
  useMarketManagerOptions,
  useOrganizationMarketManager,
} from '../api/market-managers';

const noneValue = 'none';

/** The organisation's market manager: its members' dashboards show this person's contact card. */
export function MarketManagerCard({ organizationId, canEdit }: { organizationId: number; canEdit: boolean }) {
  const options = useMarketManagerOptions();
  const current = useOrganizationMarketManager(organizationId);
  const assign = useAssignMarketManager(organizationId);
  const saved = current.data?.marketManager ? String(current.data.marketManager.id) : noneValue;
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? saved;

  const save = () =>
    assign.mutate(value === noneValue ? null : Number(value), {
      onSuccess: () => {
        setPicked(null);
        showSuccess('Market manager saved');
      },
    });

  return (
    <Card withBorder padding="lg" data-testid="market-manager-assignment">
      <Title order={3} size="h4" mb={4}>
        Market manager
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Shown on this organization’s dashboard as the person to contact. Without one, the default market
        manager and the support contact show.
      </Text>
      {current.isError || options.isError ? (
        <LoadErrorAlert
          title="Could not load the market managers"
          error={current.error ?? options.error}
          onRetry={() => {
            void current.refetch();
            void options.refetch();
          }}
        />
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Assigned market manager"
            style={{ flex: '1 1 240px' }}
            data={[
              { value: noneValue, label: 'Default market manager' },
              ...(options.data ?? []).map((manager) => ({
                value: String(manager.id),
                label: `${manager.fullName} · ${manager.email}`,
              })),
            ]}
            value={value}
            onChange={(next) => setPicked(next ?? noneValue)}
            disabled={!canEdit || current.isPending || options.isPending}
            allowDeselect={false}
            data-testid="market-manager-select"
          />
          {canEdit && (
            <Button
              onClick={save}
              disabled={value === saved}
              loading={assign.isPending}
              data-testid="save-market-manager"
            >
              Save
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
