import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBuildingStore, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatPhone } from '../../../../domain/accounts/phone';
import { type Company, useCompany } from '../api/company';
import { CompanyProfileForm } from './company-profile-form';
import { CompanyProfileModal } from './company-profile-modal';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || (
          <Text span c="dimmed" size="sm">
            Not given
          </Text>
        )}
      </Text>
    </div>
  );
}

/** The read view of a company profile (spec part 1 §2.4): what the form holds, laid out to scan. */
export function CompanyProfileView({ company }: { company: Company }) {
  const address = company.address;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md">
      <Detail label="Company name">{company.name}</Detail>
      <Detail label="Website">{company.website}</Detail>
      <Detail label="Company email">{company.email}</Detail>
      <Detail label="Invoice email">{company.invoiceEmail}</Detail>
      <Detail label="Company type">{company.companyType}</Detail>
      <Detail label="Company size">{company.companySize && `${company.companySize} employees`}</Detail>
      <Detail label="Project types">
        {company.projectTypes.length > 0 && (
          <Group gap={6} mt={4}>
            {company.projectTypes.map((type) => (
              <Badge key={type} variant="light" color="hedge" radius="sm" tt="none" fw={500}>
                {type}
              </Badge>
            ))}
          </Group>
        )}
      </Detail>
      <Detail label="Address">
        {address && (
          <>
            {address.street1}
            {address.street2 && <br />}
            {address.street2}
            <br />
            {address.city}, {address.state} {address.postalCode}
            <br />
            {address.country}
          </>
        )}
      </Detail>
      <Detail label="Phone">{address?.phone && formatPhone(address.phone)}</Detail>
      <Detail label="Tax ID">{company.taxId}</Detail>
    </SimpleGrid>
  );
}

/**
 * The 'Company' card of the account page: the user's company in a read view with 'Edit profile',
 * or, without a company, the way to create one.
 */
export function CompanyProfileCard({ organizationId }: { organizationId: number | null }) {
  const company = useCompany(organizationId);
  const [editing, setEditing] = useState(false);
  const [modalOpened, setModalOpened] = useState(false);

  let body: ReactNode;
  if (!organizationId) {
    body = (
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconBuildingStore size={22} />
        </ThemeIcon>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Add your company's details so suppliers can quote you and deliver to the right place. It only
            takes a minute.
          </Text>
          <Button onClick={() => setModalOpened(true)}>Complete your company profile</Button>
        </Stack>
      </Group>
    );
  } else if (company.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-label="Loading company profile">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Stack key={n} gap={6}>
            <Skeleton h={10} w="40%" />
            <Skeleton h={14} w="80%" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  } else if (company.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="We couldn't load your company"
      >
        <Stack gap="xs" align="flex-start">
          {company.error.message}
          <Button size="xs" variant="light" color="red" onClick={() => void company.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (editing) {
    body = (
      <CompanyProfileForm
        company={company.data}
        onSaved={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    body = <CompanyProfileView company={company.data} />;
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4">
              Company
            </Title>
            <Text size="sm" c="dimmed">
              {organizationId ? 'Shared by everyone in your company.' : "You haven't added your company yet."}
            </Text>
          </div>
          {company.data && !editing && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          )}
        </Group>
        {body}
      </Stack>
      <CompanyProfileModal opened={modalOpened} onClose={() => setModalOpened(false)} onSaved={() => {}} />
    </Paper>
  );
}
