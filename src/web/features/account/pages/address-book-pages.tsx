import { Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AddressBookEntry } from '../../../../domain/accounts/address-book-schema';
import { canadianProvinces, usStates } from '../../../../domain/accounts/options';
import { formatPhone } from '../../../../domain/accounts/phone';
import { paths } from '../../../paths';
import { AccountFrame } from '../../../shell/account-frame';
import { showSuccess } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useAddress, useAddresses, useDeleteAddress, useSaveAddress } from '../api/addresses';
import { AddressForm } from '../components/address-form';

const regionName = (code: string) =>
  [...usStates, ...canadianProvinces].find((region) => region.code === code)?.name ?? code;

function AddressCard({ entry }: { entry: AddressBookEntry }) {
  const remove = useDeleteAddress();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this address?',
      children: <Text size="sm">{entry.name} will be removed from your address book.</Text>,
      labels: { confirm: 'Delete', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(entry.id, {
          onSuccess: () => showSuccess('Address deleted'),
        }),
    });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="address-card">
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {entry.name}
          </Text>
          {entry.isDefault && (
            <Badge color="hedge" variant="light" data-testid="default-badge" style={{ flexShrink: 0 }}>
              Default
            </Badge>
          )}
        </Group>
        {entry.addressType && (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {entry.addressType}
          </Text>
        )}
        <Text size="sm">
          {entry.street1}
          {entry.street2 ? <br /> : null}
          {entry.street2}
          <br />
          {entry.city}, {regionName(entry.state)} {entry.postalCode}
          <br />
          {entry.country === 'CAN' ? 'Canada' : 'USA'}
        </Text>
        {entry.phone && <Text size="sm">{formatPhone(entry.phone)}</Text>}
        {entry.deliveryInstructions && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            <Text span fw={600} c="dark">
              Delivery instructions:{' '}
            </Text>
            {entry.deliveryInstructions}
          </Text>
        )}
        <Group gap="xs" mt="auto" pt="xs">
          <Button
            component={Link}
            to={paths.editAddress(entry.id)}
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} />}
            aria-label={`Edit ${entry.name}`}
          >
            Edit
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            aria-label={`Delete ${entry.name}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /address_book: the organisation's delivery addresses, the default first. */
export function AddressBookPage() {
  const addresses = useAddresses();
  return (
    <AccountFrame
      title="Address Book"
      subtitle="Delivery addresses for your job sites and yards."
      actions={
        <Button component={Link} to={paths.newAddress} leftSection={<IconPlus size={16} />}>
          Add Address
        </Button>
      }
    >
      {addresses.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : addresses.isError ? (
        <LoadErrorAlert
          title="Could not load your addresses"
          error={addresses.error}
          onRetry={() => addresses.refetch()}
        />
      ) : addresses.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md" data-testid="addresses-empty">
          <Text fw={600}>Your address book is empty</Text>
          <Text size="sm" c="dimmed" mt={4}>
            Save the places you have materials delivered to, with their delivery instructions.
          </Text>
          <Button component={Link} to={paths.newAddress} mt="md">
            Add your first address
          </Button>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {addresses.data.results.map((entry) => (
            <AddressCard key={entry.id} entry={entry} />
          ))}
        </SimpleGrid>
      )}
    </AccountFrame>
  );
}

/** /address_book/new */
export function NewAddressPage() {
  const navigate = useNavigate();
  const save = useSaveAddress(null);
  return (
    <AccountFrame title="New Address" size="md">
      <AddressForm
        submitLabel="Save Address"
        pending={save.isPending}
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          showSuccess('Address saved');
          navigate(paths.addressBook);
        }}
      />
    </AccountFrame>
  );
}

/** /address_book/{id}/edit; another organisation's address answers 404, shown as not found. */
export function EditAddressPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const address = useAddress(id);
  const save = useSaveAddress(id);
  return (
    <AccountFrame title="Edit Address" size="md">
      {address.isPending ? (
        <Skeleton h={520} radius="md" />
      ) : address.isError ? (
        <LoadErrorAlert title="Could not load this address" error={address.error} />
      ) : (
        <AddressForm
          key={address.data.id}
          initial={address.data}
          submitLabel="Save Changes"
          pending={save.isPending}
          onSubmit={async (values) => {
            await save.mutateAsync(values);
            showSuccess('Address saved');
            navigate(paths.addressBook);
          }}
        />
      )}
    </AccountFrame>
  );
}
