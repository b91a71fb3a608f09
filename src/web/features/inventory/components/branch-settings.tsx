import {
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { NoticesCard, RequirementsCard } from '../../../ui/branch-rules-cards';
import {
  type InventoryBranch,
  useReindex,
  useSetHidden,
  useUploadLogo,
  useZeroOut,
} from '../api/inventory-api';

function ToolsCard({
  branch,
  organization,
}: {
  branch: InventoryBranch;
  organization: { id: number; name: string; logoUrl: string | null };
}) {
  const zero = useZeroOut();
  const reindex = useReindex();
  const hide = useSetHidden();
  const logo = useUploadLogo();
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Branch
      </Title>
      <Stack gap="md">
        <Group>
          <Avatar src={branch.logoUrl} size="lg" radius="md" alt={`${branch.name} logo`}>
            {branch.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={4}>
            <FileButton
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              onChange={(file) => file && logo.mutate({ target: 'branches', id: branch.id, file })}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" loading={logo.isPending}>
                  Upload branch logo
                </Button>
              )}
            </FileButton>
            <FileButton
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              onChange={(file) => file && logo.mutate({ target: 'organizations', id: organization.id, file })}
            >
              {(props) => (
                <Button {...props} size="xs" variant="subtle">
                  Upload {organization.name} logo
                </Button>
              )}
            </FileButton>
          </Stack>
        </Group>
        <Switch
          label="Hide this branch from buyers"
          description="A hidden branch is left out of search; its listings are kept."
          checked={branch.hidden}
          onChange={(event) => hide.mutate({ id: branch.id, hidden: event.currentTarget.checked })}
        />
        <Group gap="xs">
          <Button
            color="red"
            variant="light"
            loading={zero.isPending}
            onClick={() =>
              modals.openConfirmModal({
                title: `Zero out ${branch.name}?`,
                children: (
                  <Text size="sm">
                    All {branch.listingCount} listings of this branch are set to 0 available. Prices are kept.
                  </Text>
                ),
                labels: { confirm: 'Zero out availability', cancel: 'Cancel' },
                confirmProps: { color: 'red' },
                onConfirm: () =>
                  zero.mutate(branch.id, {
                    onSuccess: (result) =>
                      notifications.show({ message: `${result.updated} listings set to 0`, color: 'green' }),
                  }),
              })
            }
          >
            Zero out availability
          </Button>
          <Button
            variant="default"
            loading={reindex.isPending}
            onClick={() =>
              reindex.mutate(branch.id, {
                onSuccess: () => notifications.show({ message: 'Search is up to date', color: 'green' }),
              })
            }
          >
            Reindex search
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A branch's rules, notices, logo and tools. */
export function BranchSettings({
  branch,
  organization,
}: {
  branch: InventoryBranch;
  organization: { id: number; name: string; logoUrl: string | null };
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <RequirementsCard branchId={branch.id} />
      <NoticesCard branchId={branch.id} />
      <ToolsCard branch={branch} organization={organization} />
    </SimpleGrid>
  );
}
