import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  productNameRequiredMessage,
  quantityColumnRequiredMessage,
  sizeRequiredMessage,
} from '../../../../domain/hubsheets/hubsheet-schemas';
import type { ImportListView } from '../../../../domain/hubsheets/hubsheet-types';
import { showError } from '../../../shell/toasts';
import { updateImportMapping } from '../api/hubsheets-api';
import {
  assignKind,
  assignmentFromList,
  type ColumnKind,
  columnKindLabels,
  mappingOf,
  missingKinds,
} from './column-mapping';
import { mappingBanner } from './wizard-messages';

const mappingRequiredMessages = {
  productName: productNameRequiredMessage,
  size: sizeRequiredMessage,
  quantity: quantityColumnRequiredMessage,
} as const;

const kindOptions = (Object.keys(columnKindLabels) as ColumnKind[]).map((kind) => ({
  value: kind,
  label: columnKindLabels[kind],
}));

/** 'Help Us Understand the Data in Your File': what each column of the file holds. */
export function MappingStep({
  importList,
  onBack,
  onMapped,
}: {
  importList: ImportListView;
  onBack: () => void;
  onMapped: (list: ImportListView) => void;
}) {
  const [assignment, setAssignment] = useState(() => assignmentFromList(importList));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const missing = missingKinds(assignment);

  const save = async () => {
    const mapping = mappingOf(assignment);
    const { productNameIndex, quantityIndex } = mapping;
    // The button is disabled until both are chosen; the server requires them.
    if (productNameIndex === null || quantityIndex === null) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await updateImportMapping(importList.id, { ...mapping, productNameIndex, quantityIndex });
      onMapped(
        saved && typeof saved === 'object' && 'id' in saved
          ? saved
          : { ...importList, ...mapping, missingHeaders: [] },
      );
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'Error';
      setError(message);
      showError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" data-testid="hubsheet-mapping-step">
      <div>
        <Title order={2} size="h3">
          Help Us Understand the Data in Your File
        </Title>
        <Text size="sm" c="dimmed">
          Tell us which column holds the product name, size, quantity and budget price. Mark anything else
          that helps identify a plant (common name, remarks, root type) as Other.
        </Text>
      </div>
      {missing.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="mapping-banner"
        >
          <Text size="sm">{mappingBanner(missing.map((kind) => columnKindLabels[kind]))}</Text>
          <Stack gap={0} mt={6} data-testid="mapping-errors">
            {missing.map((kind) => (
              <Text key={kind} size="sm" c="red">
                {mappingRequiredMessages[kind]}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="sm" data-testid="mapping-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column header</Table.Th>
                <Table.Th>Preview of file data</Table.Th>
                <Table.Th w={220}>This column holds</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {importList.originalHeaders.map((header, column) => {
                const samples = importList.sampleRows
                  .map((row) => row[column] ?? '')
                  .filter((value) => value.trim())
                  .slice(0, 3);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the file
                  <Table.Tr key={column} data-testid="mapping-row" data-column={column}>
                    <Table.Td fw={600}>{header || `Column ${column + 1}`}</Table.Td>
                    <Table.Td>
                      {samples.length ? (
                        <Stack gap={0}>
                          {samples.map((value, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: preview values may repeat
                            <Text key={index} size="sm" lineClamp={1}>
                              {value}
                            </Text>
                          ))}
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          (empty)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`What ${header || `Column ${column + 1}`} holds`}
                        placeholder="Not used"
                        data={kindOptions}
                        value={assignment.kinds[column] ?? null}
                        clearable
                        onChange={(value) =>
                          setAssignment((current) => {
                            const next = assignKind(current, column, (value as ColumnKind) ?? null);
                            return value === 'size' ? { ...next, sizeInName: false } : next;
                          })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Checkbox
        label="Size is part of the product name"
        description={`Pick this when the product column carries the size too (ACER RUB 'OCT GLORY' 2-1/2" CAL B&B).`}
        checked={assignment.sizeInName}
        onChange={(event) => {
          const sizeInName = event.currentTarget.checked;
          setAssignment((current) => ({
            sizeInName,
            kinds: sizeInName ? current.kinds.map((kind) => (kind === 'size' ? null : kind)) : current.kinds,
          }));
        }}
      />
      <Group justify="space-between">
        <Anchor component="button" type="button" onClick={onBack}>
          Back
        </Anchor>
        <Button onClick={() => void save()} loading={saving} disabled={missing.length > 0}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
