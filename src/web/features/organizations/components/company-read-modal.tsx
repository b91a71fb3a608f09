import { Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useCompany } from '../api/company';
import { CompanyProfileView } from './company-profile-card';

export type CompanyReadModalProps = {
  opened: boolean;
  onClose: () => void;
  organizationId: number;
  organizationSlug: string;
};

/** The account menu's company entry (spec part 1 §2.2): the profile's read view, and the way to the page. */
export function CompanyReadModal({
  opened,
  onClose,
  organizationId,
  organizationSlug,
}: CompanyReadModalProps) {
  const phone = useMediaQuery('(max-width: 599px)');
  const company = useCompany(opened ? organizationId : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={company.data?.name ?? 'Company Profile'}
      size="xl"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg" data-testid="company-read-modal">
        {company.isPending ? (
          <Skeleton h={160} />
        ) : company.isError ? (
          <LoadErrorAlert error={company.error} title="We couldn't load your company" />
        ) : (
          <CompanyProfileView company={company.data} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.organizationEdit('users')} variant="default" onClick={onClose}>
            Users
          </Button>
          <Button
            component={Link}
            to={paths.organization(organizationSlug)}
            rightSection={<IconArrowRight size={16} />}
            onClick={onClose}
          >
            Open company page
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
