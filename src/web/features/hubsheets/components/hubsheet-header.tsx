import { Button, Group, Menu, Paper, Popover, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconDownload, IconSettings, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { postalCodeInvalidMessage } from '../../../../domain/accounts/messages';
import { isValidPostalCode, normalizePostalCode } from '../../../../domain/accounts/postal-code';
import {
  hubsheetNameRequiredMessage,
  hubsheetNameTooLongMessage,
  hubsheetPostalCodeRequiredMessage,
} from '../../../../domain/hubsheets/hubsheet-schemas';
import {
  type HubsheetStatus,
  type HubsheetView,
  hubsheetStatuses,
} from '../../../../domain/hubsheets/hubsheet-types';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { showError, showSuccess } from '../../../shell/toasts';
import {
  deleteHubsheet,
  downloadHubsheet,
  hubsheetKeys,
  type UpdateHubsheetInput,
  updateHubsheet,
  useInvalidateHubsheets,
} from '../api/hubsheets-api';
import { HubsheetStatusPill, hubsheetStatusLabels } from './hubsheet-status';
import { deleteHubsheetQuestion, landingLocationHint } from './wizard-messages';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** Saves a header change optimistically; a refusal restores what was there and says why. */
export function useUpdateHubsheet(hubsheet: HubsheetView) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateHubsheets();
  const key = hubsheetKeys.detail(hubsheet.id);
  return async (change: UpdateHubsheetInput): Promise<string | null> => {
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<HubsheetView>(key);
    queryClient.setQueryData<HubsheetView>(key, (old) =>
      old ? ({ ...old, ...change, version: old.version } as HubsheetView) : old,
    );
    try {
      invalidate(
        await updateHubsheet(hubsheet.id, { ...change, version: previous?.version ?? hubsheet.version }),
      );
      return null;
    } catch (error) {
      queryClient.setQueryData(key, previous);
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: key });
      showError(messageOf(error));
      if (error instanceof ApiError && Object.keys(error.fields).length)
        return Object.values(error.fields)[0] ?? null;
      return messageOf(error);
    }
  };
}

type SettingsValues = { name: string; postalCode: string; logisticsRate: string };

function SettingsForm({ hubsheet, onDone }: { hubsheet: HubsheetView; onDone: () => void }) {
  const save = useUpdateHubsheet(hubsheet);
  const navigate = useNavigate();
  const invalidate = useInvalidateHubsheets();
  const [saving, setSaving] = useState(false);
  const form = useForm<SettingsValues>({
    initialValues: {
      name: hubsheet.name,
      postalCode: hubsheet.postalCode ?? '',
      logisticsRate: hubsheet.logisticsRate ?? '',
    },
    validate: {
      name: (value) =>
        !value.trim()
          ? hubsheetNameRequiredMessage
          : value.trim().length > 120
            ? hubsheetNameTooLongMessage
            : null,
      postalCode: (value) =>
        !value.trim()
          ? hubsheetPostalCodeRequiredMessage
          : isValidPostalCode(value.trim())
            ? null
            : postalCodeInvalidMessage,
      logisticsRate: (value) =>
        !value.trim() || /^\$?\s*\d{1,10}(\.\d{1,2})?$/.test(value.trim())
          ? null
          : 'Enter the logistics rate as an amount, such as 1.25',
    },
  });
  const submit = async (values: SettingsValues) => {
    setSaving(true);
    const problem = await save({
      name: values.name.trim(),
      postalCode: normalizePostalCode(values.postalCode.trim()),
      logisticsRate: values.logisticsRate.trim().replace(/^\$\s*/, '') || null,
    });
    setSaving(false);
    if (problem === null) onDone();
  };
  const confirmDelete = () => {
    onDone();
    modals.openConfirmModal({
      title: 'Delete hubsheet',
      children: <Text size="sm">{deleteHubsheetQuestion}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteHubsheet(hubsheet.id);
          invalidate();
          showSuccess('Hubsheet deleted');
          navigate(paths.hubsheets);
        } catch (error) {
          showError(messageOf(error));
        }
      },
    });
  };
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="sm" data-testid="hubsheet-settings">
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label="Postal code"
          withAsterisk
          description={landingLocationHint}
          {...form.getInputProps('postalCode')}
        />
        <TextInput
          label="Logistics rate"
          placeholder="Optional, e.g. 1.25"
          {...form.getInputProps('logisticsRate')}
        />
        <Group justify="space-between">
          <Button variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
            Delete
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The picker shows a choice in the same event that made it: the saved status reaches the page
 * only after the query cache notifies, a tick later, and a controlled radio would spring back
 * in between. The saved status wins whenever it changes (a refusal restores the old one).
 */
function useChosenStatus(saved: HubsheetStatus) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  return { value, choose: setValue };
}

/** Name, status pill and picker, settings, downloads. */
export function HubsheetHeader({ hubsheet }: { hubsheet: HubsheetView }) {
  const save = useUpdateHubsheet(hubsheet);
  const status = useChosenStatus(hubsheet.status ?? 'in_progress');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const download = (format: 'csv' | 'xlsx') =>
    downloadHubsheet(hubsheet.id, format).catch((error) => showError(messageOf(error)));
  const details = [
    hubsheet.postalCode ? `Postal code ${hubsheet.postalCode}` : 'No postal code',
    hubsheet.radiusRestriction ? `within ${hubsheet.radiusRestriction} miles` : 'any distance',
    hubsheet.jobDate
      ? `needed ${new Date(`${hubsheet.jobDate}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`
      : null,
    hubsheet.filename ? `from ${hubsheet.filename}` : null,
  ].filter(Boolean);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: '1 1 360px', minWidth: 0 }}>
          <Group gap="sm" align="center">
            <Title order={1} fz={26} data-testid="hubsheet-name" style={{ wordBreak: 'break-word' }}>
              {hubsheet.name}
            </Title>
            <HubsheetStatusPill status={hubsheet.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {details.join(' · ')}
          </Text>
          <Radio.Group
            aria-label="Status"
            value={status.value}
            onChange={(value) => {
              status.choose(value as HubsheetStatus);
              void save({ status: value as HubsheetStatus });
            }}
          >
            <Group gap="md" mt={4}>
              {hubsheetStatuses.map((status) => (
                <Radio key={status} value={status} label={hubsheetStatusLabels[status]} size="sm" />
              ))}
            </Group>
          </Radio.Group>
        </Stack>
        <Group gap="xs">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                rightSection={<IconChevronDown size={14} />}
              >
                Download
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void download('csv')}>CSV</Menu.Item>
              <Menu.Item onClick={() => void download('xlsx')}>Excel (.xlsx)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Popover
            opened={settingsOpen}
            onChange={setSettingsOpen}
            position="bottom-end"
            width={320}
            shadow="md"
            withinPortal
            trapFocus
          >
            <Popover.Target>
              <Button
                variant="default"
                leftSection={<IconSettings size={16} />}
                onClick={() => setSettingsOpen((open) => !open)}
              >
                Settings
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              {settingsOpen && <SettingsForm hubsheet={hubsheet} onDone={() => setSettingsOpen(false)} />}
            </Popover.Dropdown>
          </Popover>
        </Group>
      </Group>
    </Paper>
  );
}
