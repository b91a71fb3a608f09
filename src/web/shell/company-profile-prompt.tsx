import { Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore, IconClockHour4 } from '@tabler/icons-react';
import { CompanyProfileDialog } from './company-profile-dialog';

/**
 * The header's prompt for signed-in users without an organisation: it opens the company profile form
 * and, once saved, reloads the page so every screen sees the new company (spec part 1 §2.2).
 */
export function CompanyProfilePrompt() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Container size="xl" py={8}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconBuildingStore
              size={20}
              color="var(--mantine-color-yellow-9)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="sm" c="dark.6">
              Add your company so suppliers know who they are quoting and you can place orders.
            </Text>
          </Group>
          <Button size="compact-md" h={40} px="md" onClick={open} data-testid="complete-company-profile">
            Complete your company profile
          </Button>
        </Group>
      </Container>
      <CompanyProfileDialog opened={opened} onClose={close} onSaved={() => window.location.reload()} />
    </>
  );
}

/** Instead of the prompt, for someone who asked at sign-up to join a company and waits for its manager. */
export function PendingMembershipNote({ organizationName }: { organizationName: string }) {
  return (
    <Container size="xl" py={10}>
      <Group gap="xs" wrap="nowrap" miw={0} data-testid="pending-membership">
        <IconClockHour4
          size={20}
          color="var(--mantine-color-yellow-9)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        <Text size="sm" c="dark.6">
          Waiting for {organizationName} to approve you. Meanwhile you can search suppliers and build carts.
        </Text>
      </Group>
    </Container>
  );
}
