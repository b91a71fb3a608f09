import { Button, Group, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useSupplierPins } from '../api/get-supplier-pins';
import { PageFrame } from '../components/page-frame';
import { UsMap } from '../components/us-map';

/** /suppliers/map: every branch on a map of the United States. */
export function SupplierMapPage() {
  const pins = useSupplierPins();
  return (
    <PageFrame
      title="Supplier Map"
      subtitle="Where Hedgerow's nurseries and distributors are."
      actions={
        <Group gap="xs">
          <Button component={Link} to={paths.suppliers} variant="default" size="sm">
            Directory
          </Button>
          <Button component={Link} to={paths.suppliersByState} variant="default" size="sm">
            By state
          </Button>
        </Group>
      }
    >
      {pins.isPending ? (
        <Skeleton w="100%" style={{ aspectRatio: '975 / 610' }} radius="md" />
      ) : pins.isError ? (
        <LoadErrorAlert title="Could not load the map" error={pins.error} onRetry={() => pins.refetch()} />
      ) : (
        <UsMap pins={pins.data} />
      )}
    </PageFrame>
  );
}
