import { Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
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
