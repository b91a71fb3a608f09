import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useAdminFeatures } from '../api/get-features';
import { FeaturesTable } from '../components/features-table';

/** Feature flags: on globally, per organisation, per user or per group flag; inactive means off for all. */
export function AdminFeaturesPage() {
  const features = useAdminFeatures();
  return (
    <AdminFrame title="Feature flags">
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} mb="md" p="sm">
        <Text size="sm">
          A feature is on for someone when it is <strong>active</strong> and either on for everyone or enabled
          for their organization, for them, or by one of their flags. An inactive feature is off for everyone.
        </Text>
      </Alert>
      {features.isPending ? (
        <PageLoader />
      ) : features.isError ? (
        <LoadErrorAlert
          title="Could not load features"
          error={features.error}
          onRetry={() => features.refetch()}
        />
      ) : (
        <FeaturesTable features={features.data} />
      )}
    </AdminFrame>
  );
}
