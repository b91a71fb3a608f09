import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { apiKeyInputSchema, apiKeyShownOnceWarning } from '../../../../domain/admin/api-keys';
import { ApiError } from '../../../api/client';
import { showError, showSuccess } from '../../../shell/toasts';
import { DateTime } from '../../../ui/date-time';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import {
  type ApiKey,
  type GeneratedApiKey,
  useApiKeys,
  useGenerateApiKey,
  useRevokeApiKey,
} from '../api/api-keys';

function NewKey({ generated, onDone }: { generated: GeneratedApiKey; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`New key “${generated.label}”`}
      data-testid="new-api-key"
    >
      <Stack gap="xs">
        <Text size="sm">{apiKeyShownOnceWarning}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            block
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'normal' }}
            data-testid="new-api-key-value"
          >
            {generated.key}
          </Code>
          <CopyButton value={generated.key}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy key'} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label="Copy key"
                  size="lg"
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          Send it as <Code>Authorization: Bearer {generated.prefix}…</Code> to read the catalogue,
          availability and this organization’s orders under /api/v1.
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revokedAt ? (
    <Badge color="gray" variant="light" tt="none">
      Revoked
    </Badge>
  ) : (
    <Badge color="teal" variant="light" tt="none">
      Active
    </Badge>
  );
}

/** Integrators' API keys of one organisation: generate one (shown once), list them, revoke one. */
export function ApiKeysCard({ organizationId }: { organizationId: number }) {
  const keys = useApiKeys(organizationId);
  const generate = useGenerateApiKey(organizationId);
  const revoke = useRevokeApiKey(organizationId);
  const [generated, setGenerated] = useState<GeneratedApiKey | null>(null);
  const form = useForm({ initialValues: { label: '' }, validate: zodValidate(apiKeyInputSchema) });

  const submit = async (values: { label: string }) => {
    if (generate.isPending) return;
    try {
      setGenerated(await generate.mutateAsync(values.label.trim()));
      form.reset();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
      else showError(apiError?.message);
    }
  };

  const confirmRevoke = (apiKey: ApiKey) =>
    modals.openConfirmModal({
      title: `Revoke “${apiKey.label}”?`,
      children: (
        <Text size="sm">
          Requests with the key {apiKey.prefix}… are refused from now on. This cannot be undone; the
          integrator will need a new key.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-revoke-api-key' } as never,
      onConfirm: () =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            if (generated?.id === apiKey.id) setGenerated(null);
            showSuccess('API key revoked');
          },
        }),
    });

  return (
    <Card withBorder padding="lg" data-testid="api-keys-card">
      <Title order={3} size="h4" mb={4}>
        API keys
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Keys let this organization’s software read the catalogue, availability and its own orders.
      </Text>
      <Stack gap="md">
        {generated && <NewKey generated={generated} onDone={() => setGenerated(null)} />}
        <form onSubmit={form.onSubmit(submit, focusFirstError)} noValidate aria-label="New API key">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Label"
              placeholder="e.g. ERP inventory sync"
              style={{ flex: '1 1 220px' }}
              maxLength={80}
              {...form.getInputProps('label')}
              data-testid="api-key-label"
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 25 }}
              loading={generate.isPending}
              data-testid="generate-api-key"
            >
              Generate key
            </Button>
          </Group>
        </form>
        {keys.isError ? (
          <LoadErrorAlert
            title="Could not load the API keys"
            error={keys.error}
            onRetry={() => keys.refetch()}
          />
        ) : keys.data && keys.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No keys yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="api-keys-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Label</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(keys.data ?? []).map((apiKey) => (
                  <Table.Tr key={apiKey.id} data-testid={`api-key-${apiKey.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {apiKey.label}
                      </Text>
                      {apiKey.createdByName && (
                        <Text size="xs" c="dimmed">
                          by {apiKey.createdByName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Code>{apiKey.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <DateTime value={apiKey.createdAt} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <DateTime value={apiKey.lastUsedAt} fallback="Never" />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <KeyStatus apiKey={apiKey} />
                    </Table.Td>
                    <Table.Td>
                      {!apiKey.revokedAt && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmRevoke(apiKey)}
                          data-testid={`revoke-api-key-${apiKey.id}`}
                        >
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
