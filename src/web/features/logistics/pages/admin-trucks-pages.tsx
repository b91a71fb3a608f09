import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney } from '../../../../domain/money';
import { formatNumber } from '../../../../domain/text/number-format';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { NotFoundContent } from '../../../shell/not-found';
import { PageLoader } from '../../../shell/route-guards';
import { showSuccess } from '../../../shell/toasts';
import { EmptyList } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { usePhoneCards } from '../../../ui/phone-cards';
import { useSaveTruck, useTruck, useTrucks } from '../api/logistics-api';
import { TruckForm } from '../components/truck-form';

/** /admin/trucks: the trucks freight estimates are priced with. */
export function AdminTrucksPage() {
  const trucks = useTrucks();
  const tableRef = usePhoneCards();
  return (
    <AdminFrame title="Trucks">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text size="sm" c="dimmed">
          A freight estimate suggests distance × the truck's rate per mile, never less than its minimum
          charge.
        </Text>
        <Button component={Link} to={paths.newTruck} leftSection={<IconPlus size={16} />}>
          New Truck
        </Button>
      </Group>
      {trucks.isPending ? (
        <PageLoader />
      ) : trucks.isError ? (
        <LoadErrorAlert
          title="Could not load the trucks"
          error={trucks.error}
          onRetry={() => trucks.refetch()}
        />
      ) : trucks.data.results.length === 0 ? (
        <EmptyList testId="trucks-empty" message="No trucks yet. Add the first to price freight estimates." />
      ) : (
        <Paper withBorder radius="md">
          <Table ref={tableRef} className="phone-cards" verticalSpacing="sm" data-testid="trucks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Pallets</Table.Th>
                <Table.Th ta="right">Weight (lb)</Table.Th>
                <Table.Th ta="right">Rate per mile</Table.Th>
                <Table.Th ta="right">Minimum</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trucks.data.results.map((truck) => (
                <Table.Tr key={truck.id} data-testid="truck-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.editTruck(truck.id)} fw={600}>
                      {truck.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{truck.palletCapacity}</Table.Td>
                  <Table.Td ta="right">{formatNumber(truck.weightCapacityLb)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(truck.ratePerMile)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(truck.minimumCharge)}</Table.Td>
                  <Table.Td>
                    <Badge color={truck.active ? 'green' : 'gray'} variant="light">
                      {truck.active ? 'In service' : 'Retired'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </AdminFrame>
  );
}

/** /admin/trucks/new */
export function NewTruckPage() {
  const navigate = useNavigate();
  const save = useSaveTruck();
  return (
    <AdminFrame title="New truck">
      <TruckForm
        truck={null}
        saving={save.isPending}
        onCancel={() => navigate(paths.adminTrucks)}
        onSave={async (truck) => {
          await save.mutateAsync({ id: null, truck });
          showSuccess('Truck saved');
          navigate(paths.adminTrucks);
        }}
      />
    </AdminFrame>
  );
}

/** /admin/trucks/{id}/edit */
export function EditTruckPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const navigate = useNavigate();
  const truck = useTruck(id);
  const save = useSaveTruck();
  if (id === null) return <NotFoundContent />;
  return (
    <AdminFrame title="Edit truck">
      {truck.isPending ? (
        <PageLoader />
      ) : truck.isError ? (
        <LoadErrorAlert
          title="Could not load the truck"
          error={truck.error}
          onRetry={() => truck.refetch()}
        />
      ) : (
        <TruckForm
          truck={truck.data}
          saving={save.isPending}
          onCancel={() => navigate(paths.adminTrucks)}
          onSave={async (input) => {
            await save.mutateAsync({ id, truck: input });
            showSuccess('Truck saved');
            navigate(paths.adminTrucks);
          }}
        />
      )}
    </AdminFrame>
  );
}
