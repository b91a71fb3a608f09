import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Pill,
  Popover,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { AdminFeature, FeatureEnablement } from '../api/get-features';
import { type EnablementTarget, useSetFeatureEnablement } from '../api/set-feature-enablement';
import { type FeaturePatch, useUpdateFeature } from '../api/update-feature';
import { EnableFeatureModal } from './enable-feature-modal';

function targetOf(enablement: FeatureEnablement): EnablementTarget {
  if (enablement.organizationId) return { organizationId: enablement.organizationId };
  if (enablement.userId) return { userId: enablement.userId };
  return { flag: enablement.flag as Extract<EnablementTarget, { flag: unknown }>['flag'] };
}

function DescriptionEditor({
  feature,
  onSave,
  saving,
}: {
  feature: AdminFeature;
  onSave: (text: string | null) => void;
  saving: boolean;
}) {
  const [opened, { close, toggle }] = useDisclosure(false);
  const [text, setText] = useState(feature.description ?? '');
  return (
    <Popover
      opened={opened}
      onChange={(open) => !open && close()}
      width={320}
      position="bottom-start"
      withArrow
      trapFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Edit description of ${feature.name}`}
          onClick={() => {
            setText(feature.description ?? '');
            toggle();
          }}
        >
          <IconPencil size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSave(text.trim() || null);
            close();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Description"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="compact-sm" variant="default" onClick={close}>
                Cancel
              </Button>
              <Button size="compact-sm" type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

function EnablementPill({ feature, enablement }: { feature: AdminFeature; enablement: FeatureEnablement }) {
  const remove = useSetFeatureEnablement();
  const label = enablement.targetName;
  const link = enablement.organizationId
    ? paths.adminOrganization(enablement.organizationId)
    : enablement.userId
      ? paths.adminUser(enablement.userId)
      : null;
  return (
    <Pill
      withRemoveButton
      disabled={remove.isPending}
      onRemove={() => remove.mutate({ featureId: feature.id, target: targetOf(enablement), enabled: false })}
      // Mantine hides the remove button from keyboards and screen readers by default; admins need both.
      removeButtonProps={{
        'aria-label': `Remove ${label} from ${feature.name}`,
        'aria-hidden': false,
        tabIndex: 0,
      }}
      data-testid="feature-enablement"
      bg={enablement.flag ? 'violet.0' : enablement.userId ? 'blue.0' : 'hedge.0'}
    >
      {link ? (
        <Anchor component={Link} to={link} inherit c="inherit">
          {label}
        </Anchor>
      ) : (
        label
      )}
    </Pill>
  );
}

function FeatureRow({ feature }: { feature: AdminFeature }) {
  const update = useUpdateFeature();
  const [enableOpened, enableModal] = useDisclosure(false);
  const patch = (changes: FeaturePatch) => update.mutate({ id: feature.id, patch: changes });
  // While a switch is saving, show where it is going rather than flicking back.
  const pending = update.isPending ? update.variables.patch : {};
  const active = pending.active ?? feature.active;
  const global = pending.enabledGlobally ?? feature.enabledGlobally;

  return (
    <Table.Tr data-testid={`feature-row-${feature.name}`} style={{ verticalAlign: 'top' }}>
      <Table.Td>
        <Text fw={600} size="sm" ff="monospace">
          {feature.name}
        </Text>
        <Group gap={4} wrap="nowrap" align="center">
          <Text size="xs" c="dimmed">
            {feature.description || 'No description'}
          </Text>
          <DescriptionEditor
            feature={feature}
            saving={update.isPending}
            onSave={(text) => patch({ description: text })}
          />
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={active}
          onChange={(event) => patch({ active: event.currentTarget.checked })}
          disabled={update.isPending}
          aria-label={`${feature.name} active`}
          data-testid={`feature-active-${feature.name}`}
          mt={2}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          checked={global}
          onChange={(event) => patch({ enabledGlobally: event.currentTarget.checked })}
          disabled={update.isPending}
          aria-label={`${feature.name} on for everyone`}
          data-testid={`feature-global-${feature.name}`}
          mt={2}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {feature.enablements.map((enablement) => (
            <EnablementPill key={enablement.id} feature={feature} enablement={enablement} />
          ))}
          <Tooltip label="Turn on for one organization, user or flag" openDelay={400}>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              onClick={enableModal.open}
              data-testid={`enable-feature-${feature.name}`}
            >
              Enable for…
            </Button>
          </Tooltip>
        </Group>
        <EnableFeatureModal feature={feature} opened={enableOpened} onClose={enableModal.close} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Every feature: whether it exists for anyone (active), whether it is on for everyone, and for whom else. */
export function FeaturesTable({ features }: { features: AdminFeature[] }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        highlightOnHover
        verticalSpacing="sm"
        data-testid="features-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={300}>Feature</Table.Th>
            <Table.Th w={80}>Active</Table.Th>
            <Table.Th w={130}>On for everyone</Table.Th>
            <Table.Th>Enabled for</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {features.map((feature) => (
            <FeatureRow key={feature.id} feature={feature} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
