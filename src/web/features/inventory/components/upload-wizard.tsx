import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { type AvailabilityField, availabilityFields } from '../../../../domain/imports/import-schemas';
import { ApiError, downloadFile } from '../../../api/client';
import {
  ImportCountBadges,
  ImportMappingCard,
  ImportProgress,
  importCellOf,
  importOutcomeColors,
} from '../../../ui/import-parts';
import { formatMoney } from '../../../ui/money';
import { useStepFocus } from '../../../ui/use-step-focus';
import {
  findProductSizes,
  type ImportLine,
  type ImportView,
  sizesOfProduct,
  useApplyImport,
  useCreateImport,
  useImport,
  useMatchLine,
  useUpdateImport,
} from '../api/inventory-api';

const cellOf = (view: ImportView, line: ImportLine, field: AvailabilityField) =>
  importCellOf(view.mapping, line.cells, field);

/** Choosing the catalogue product and size an unmatched line means. */
function MatchModal({
  view,
  line,
  onClose,
}: {
  view: ImportView;
  line: ImportLine | null;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [products, setProducts] = useState<{ id: number; name: string; path: string }[]>([]);
  const [sizes, setSizes] = useState<{ id: number; size: string }[]>([]);
  const [variantId, setVariantId] = useState<string | null>(null);
  const match = useMatchLine();
  const search = async (text: string) => {
    setQuery(text);
    if (text.trim().length < 2) return;
    setProducts(await findProductSizes(text.trim()));
  };
  const chooseProduct = async (name: string) => {
    const product = products.find((candidate) => candidate.name === name);
    setVariantId(null);
    setSizes(product ? await sizesOfProduct(product.path) : []);
  };
  return (
    <Modal opened={line !== null} onClose={onClose} title="Choose the catalogue product">
      {line && (
        <Stack>
          <Text size="sm">
            Line {line.lineNumber + 1}: <b>{cellOf(view, line, 'name') || cellOf(view, line, 'sku')}</b>{' '}
            {cellOf(view, line, 'size')}
          </Text>
          <Autocomplete
            label="Product"
            placeholder="Type a botanical or common name"
            value={query}
            data={[...new Set(products.map((product) => product.name))]}
            onChange={(text) => void search(text)}
            onOptionSubmit={(name) => void chooseProduct(name)}
          />
          <Select
            label="Size"
            placeholder={sizes.length ? 'Choose a size' : 'Choose a product first'}
            data={sizes.map((size) => ({ value: String(size.id), label: size.size }))}
            value={variantId}
            onChange={setVariantId}
            disabled={sizes.length === 0}
          />
          <Text size="xs" c="dimmed">
            Your choice is remembered: the next upload matches this line by itself.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!variantId}
              loading={match.isPending}
              onClick={() =>
                match.mutate(
                  { id: view.id, lineId: line.id, productVariantId: Number(variantId) },
                  { onSuccess: onClose },
                )
              }
            >
              Use this product
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function LinesTable({ view, onMatch }: { view: ImportView; onMatch: (line: ImportLine) => void }) {
  const match = useMatchLine();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} striped data-testid="import-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Product in the file</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Catalogue product</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.lines.map((line) => (
            <Table.Tr key={line.id} data-testid="import-line">
              <Table.Td>{line.lineNumber + 1}</Table.Td>
              <Table.Td>
                <Text size="sm">{cellOf(view, line, 'name') || cellOf(view, line, 'sku')}</Text>
                <Text size="xs" c="dimmed">
                  {cellOf(view, line, 'size')}
                </Text>
              </Table.Td>
              <Table.Td>{cellOf(view, line, 'quantity')}</Table.Td>
              <Table.Td>{cellOf(view, line, 'price')}</Table.Td>
              <Table.Td>
                <Badge color={importOutcomeColors[line.outcome]} variant="light">
                  {line.outcome}
                </Badge>
              </Table.Td>
              <Table.Td>
                {line.target && (
                  <Text size="sm">
                    {line.target.primaryName} · {line.target.size}
                  </Text>
                )}
                {line.reason && (
                  <Text size="xs" c={line.outcome === 'invalid' ? 'red' : 'dimmed'}>
                    {line.reason}
                  </Text>
                )}
                {(line.outcome === 'unmatched' || line.outcome === 'new' || line.outcome === 'updated') &&
                  view.status === 'ready' && (
                    <Group gap={4} mt={2}>
                      {line.outcome === 'unmatched' && line.suggestion?.productVariantId && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          loading={match.isPending}
                          onClick={() =>
                            match.mutate({
                              id: view.id,
                              lineId: line.id,
                              productVariantId: line.suggestion?.productVariantId as number,
                            })
                          }
                        >
                          Use {line.suggestion.primaryName} {line.suggestion.size}
                        </Button>
                      )}
                      <Button size="compact-xs" variant="subtle" onClick={() => onMatch(line)}>
                        {line.outcome === 'unmatched' ? 'Choose product' : 'Change'}
                      </Button>
                    </Group>
                  )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ImportPanel({ id, onDone }: { id: number; onDone: () => void }) {
  const [outcome, setOutcome] = useState<ImportLine['outcome'] | 'all'>('all');
  const [matching, setMatching] = useState<ImportLine | null>(null);
  const imported = useImport(id, outcome === 'all' ? null : outcome, 1);
  const update = useUpdateImport();
  const apply = useApplyImport();
  const view = imported.data;
  if (!view) return <Progress value={5} animated aria-label="Reading the file" />;
  const busy = view.status === 'previewing' || view.status === 'applying';
  const confirmApply = () => {
    if (view.mode !== 'replace') {
      apply.mutate(view.id);
      return;
    }
    modals.openConfirmModal({
      title: 'Replace this branch’s availability?',
      children: (
        <Text size="sm">
          {view.counts.zeroed} {view.counts.zeroed === 1 ? 'listing' : 'listings'} not in this file will be
          set to 0. Lines that are unmatched or invalid are skipped.
        </Text>
      ),
      labels: { confirm: 'Replace availability', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => apply.mutate(view.id),
    });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Text fw={500}>{view.fileName}</Text>
          <Text size="xs" c="dimmed">
            {view.counts.total} lines
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          value={view.mode}
          disabled={busy || view.status === 'applied'}
          onChange={(mode) => update.mutate({ id: view.id, mode: mode as 'append' | 'replace' })}
          data={[
            { value: 'append', label: 'Append' },
            { value: 'replace', label: 'Replace' },
          ]}
        />
      </Group>
      {busy && (
        <ImportProgress
          label={view.status === 'previewing' ? 'Matching your lines…' : 'Updating your availability…'}
          progress={view.progress}
        />
      )}
      {view.error && (
        <Alert color={view.status === 'failed' ? 'red' : 'yellow'} role="alert">
          {view.error}
        </Alert>
      )}
      {view.status !== 'applied' && (
        <ImportMappingCard
          key={JSON.stringify(view.mapping)}
          columns={view.columns}
          fields={availabilityFields}
          mapping={view.mapping}
          pending={update.isPending}
          onPreview={(mapping) => update.mutate({ id: view.id, mapping })}
        />
      )}
      <ImportCountBadges counts={view.counts} zeroed={view.mode === 'replace'} />
      {view.status === 'applied' ? (
        <Alert color="green" title="Availability updated">
          Buyers see the new quantities and prices now.
          <Group mt="sm">
            <Button
              size="xs"
              variant="white"
              leftSection={<IconDownload size={14} />}
              onClick={() => void downloadFile(`/api/v1/availability_imports/${view.id}/report`)}
            >
              Download result
            </Button>
            <Button size="xs" variant="subtle" onClick={onDone}>
              Upload another file
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group>
          <Button
            onClick={confirmApply}
            disabled={view.status !== 'ready' || Boolean(view.error)}
            loading={apply.isPending || view.status === 'applying'}
          >
            {view.mode === 'replace' ? 'Replace availability' : 'Update availability'}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => void downloadFile(`/api/v1/availability_imports/${view.id}/report`)}
          >
            Download preview
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Start over
          </Button>
        </Group>
      )}
      <SegmentedControl
        size="xs"
        value={outcome}
        onChange={(value) => setOutcome(value as typeof outcome)}
        data={['all', 'updated', 'new', 'unmatched', 'invalid'].map((value) => ({
          value,
          label: value === 'all' ? 'All lines' : value[0].toUpperCase() + value.slice(1),
        }))}
      />
      <LinesTable view={view} onMatch={setMatching} />
      {view.linesTotal > view.lines.length && (
        <Text size="xs" c="dimmed">
          Showing the first {view.lines.length} of {view.linesTotal} lines; download the preview for all of
          them.
        </Text>
      )}
      <MatchModal view={view} line={matching} onClose={() => setMatching(null)} />
    </Stack>
  );
}

/** Upload a .csv/.xls/.xlsx of a branch's availability: map, preview, match, then append or replace. */
export function UploadWizard({ branchId, branchName }: { branchId: number; branchName: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [importId, setImportId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateImport();
  const stepTop = useStepFocus<HTMLDivElement>(importId === null ? 'upload' : `import-${importId}`);
  if (importId !== null) {
    return (
      <div ref={stepTop}>
        <ImportPanel
          id={importId}
          onDone={() => {
            setImportId(null);
            setFile(null);
          }}
        />
      </div>
    );
  }
  return (
    <Card withBorder maw={640} ref={stepTop}>
      <Stack>
        <Text size="sm">
          Upload {branchName}’s availability as a spreadsheet: a product name or SKU, size, quantity and price
          per line. You will see what each line does before anything changes.
        </Text>
        <FileInput
          label="Spreadsheet"
          placeholder="Choose a .csv, .xls or .xlsx file"
          accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
          }}
          error={error}
          leftSection={<IconUpload size={16} />}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Lines not in the file
          </Text>
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'append' | 'replace')}
            data={[
              { value: 'append', label: 'Append: keep them' },
              { value: 'replace', label: 'Replace: set them to 0' },
            ]}
          />
        </div>
        <Group>
          <Button
            disabled={!file}
            loading={create.isPending}
            onClick={() =>
              file &&
              create.mutate(
                { branchId, file, mode },
                {
                  onSuccess: (created) => setImportId(created.id),
                  onError: (failure) =>
                    setError(failure instanceof ApiError ? failure.message : String(failure)),
                },
              )
            }
          >
            Upload and preview
          </Button>
          <Text size="xs" c="dimmed">
            Up to 25,000 lines. Prices like {formatMoney(2950)}.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
