import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type ImportKind,
  importFieldsByKind,
  importKindLabels,
  importKinds,
  type LineOutcome,
} from '../../../../domain/imports/import-schemas';
import { ApiError, downloadFile } from '../../../api/client';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { EmptyList } from '../../../ui/empty-list';
import {
  ImportCountBadges,
  ImportMappingCard,
  ImportProgress,
  importCellOf,
  importOutcomeColors,
} from '../../../ui/import-parts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import {
  type CatalogImportLine,
  type CatalogImportView,
  useApplyCatalogImport,
  useCatalogImport,
  useCatalogImports,
  useCreateCatalogImport,
  useFixImportLine,
  useRemapCatalogImport,
} from '../api/catalog-imports';
import { getOrganizationQueryOptions } from '../api/get-organization';
import { useOrganizations } from '../api/get-organizations';

const perPage = 25;

const statusColors: Record<CatalogImportView['status'], string> = {
  previewing: 'gray',
  ready: 'blue',
  applying: 'yellow',
  applied: 'green',
  failed: 'red',
};

const kindHints: Record<ImportKind, string> = {
  green_goods:
    'Plants: botanical name, cultivar, common names, trade names, patent and sizes (several sizes separated by |). A plant whose name is in the catalogue is updated; others are created.',
  hard_goods:
    'Hard goods: name, brand, category, unit and sizes or variants (separated by |). A product whose name is in the catalogue is updated; others are created.',
  product_mapping:
    'A supplier’s SKU or name (and size) with the catalogue product and size it means. That supplier’s later availability uploads use these by themselves.',
  availability: 'A branch’s availability: product name or SKU, size, quantity and price per line.',
};

/** /admin/imports: every import with its kind, status, counts, who and when. */
export function AdminImportsPage() {
  const { params, page, update } = useListSearchParams();
  const kindParam = params.get('kind');
  const kind = (importKinds as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as ImportKind)
    : undefined;
  const list = useCatalogImports({ page, perPage, kind });
  const phoneCards = usePhoneCards();
  return (
    <AdminFrame title="Imports">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Select
          label="Kind"
          placeholder="Every kind"
          clearable
          w={220}
          data={importKinds.map((value) => ({ value, label: importKindLabels[value] }))}
          value={kind ?? null}
          onChange={(value) => update({ kind: value, page: null })}
        />
        <Button component={Link} to={paths.newAdminImport} leftSection={<IconUpload size={16} />}>
          New import
        </Button>
      </Group>
      {list.isError ? (
        <LoadErrorAlert
          title="Imports could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.totalCount === 0 ? (
        <EmptyList message="No imports yet. Upload a green goods, hard goods, product mapping or availability file." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table
              ref={phoneCards}
              className="phone-cards"
              striped
              verticalSpacing="xs"
              data-testid="imports-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Lines</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.results.map((row) => (
                  <Table.Tr key={row.id} data-testid="import-row">
                    <Table.Td>
                      <Anchor component={Link} to={paths.adminImport(row.id)} fw={600} size="sm">
                        {row.fileName}
                      </Anchor>
                      {(row.branchName || row.organizationName) && (
                        <Text size="xs" c="dimmed">
                          {[row.organizationName, row.branchName].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{importKindLabels[row.kind]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColors[row.status]} variant="light">
                        {row.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {row.counts.valid} valid · {row.counts.invalid} invalid
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.counts.new} new · {row.counts.updated} updated
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.userName ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <DateTime value={row.createdAt} />
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PaginationBar
            page={page}
            perPage={perPage}
            totalCount={list.data.totalCount}
            totalPages={list.data.totalPages}
            onPageChange={(next) => update({ page: String(next) })}
          />
        </>
      )}
    </AdminFrame>
  );
}

/** The supplier (and for availability its branch) a file is for. */
function SupplierChoice({
  kind,
  organizationId,
  branchId,
  onChange,
}: {
  kind: ImportKind;
  organizationId: number | null;
  branchId: number | null;
  onChange: (choice: { organizationId: number | null; branchId: number | null }) => void;
}) {
  const [search, setSearch] = useState('');
  const organizations = useOrganizations({ query: search, page: 1, perPage: 20 });
  const detail = useQuery({
    ...getOrganizationQueryOptions(organizationId ?? 0),
    enabled: organizationId !== null,
  });
  return (
    <Group grow align="flex-start">
      <Select
        label="Supplier"
        placeholder="Type a company name"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={(organizations.data?.results ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
        value={organizationId === null ? null : String(organizationId)}
        onChange={(value) => onChange({ organizationId: value ? Number(value) : null, branchId: null })}
        nothingFoundMessage="No company by that name"
      />
      {kind === 'availability' && (
        <Select
          label="Branch"
          placeholder={organizationId ? 'Choose a branch' : 'Choose the supplier first'}
          disabled={!detail.data}
          data={(detail.data?.branches ?? []).map((branch) => ({
            value: String(branch.id),
            label: branch.name,
          }))}
          value={branchId === null ? null : String(branchId)}
          onChange={(value) => onChange({ organizationId, branchId: value ? Number(value) : null })}
        />
      )}
    </Group>
  );
}

/** /admin/imports/new: choose the kind (and supplier or branch), upload the file. */
export function NewAdminImportPage() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<ImportKind>('green_goods');
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<{ organizationId: number | null; branchId: number | null }>({
    organizationId: null,
    branchId: null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCatalogImport();
  const needsSupplier = kind === 'availability' || kind === 'product_mapping';
  const submit = () => {
    if (!file) return;
    create.mutate(
      {
        kind,
        file,
        branchId: kind === 'availability' ? choice.branchId : null,
        organizationId: kind === 'product_mapping' ? choice.organizationId : null,
      },
      {
        onSuccess: (created) => navigate(paths.adminImport(created.id)),
        onError: (failure) =>
          setErrors(
            failure instanceof ApiError
              ? Object.keys(failure.fields).length > 0
                ? failure.fields
                : { file: failure.message }
              : { file: String(failure) },
          ),
      },
    );
  };
  return (
    <AdminFrame title="New import">
      <Card withBorder maw={720}>
        <Stack>
          <SegmentedControl
            fullWidth
            value={kind}
            onChange={(value) => {
              setKind(value as ImportKind);
              setErrors({});
            }}
            data={(['green_goods', 'hard_goods', 'product_mapping', 'availability'] as const).map(
              (value) => ({
                value,
                label: importKindLabels[value],
              }),
            )}
            aria-label="What the file holds"
          />
          <Text size="sm" c="dimmed">
            {kindHints[kind]} You will see what each line does before anything changes.
          </Text>
          {needsSupplier && (
            <SupplierChoice
              kind={kind}
              organizationId={choice.organizationId}
              branchId={choice.branchId}
              onChange={setChoice}
            />
          )}
          {(errors.branchId || errors.organizationId || errors.kind) && (
            <Alert color="red" role="alert">
              {errors.branchId || errors.organizationId || errors.kind}
            </Alert>
          )}
          <FileInput
            label="Spreadsheet"
            placeholder="Choose a .csv, .xls or .xlsx file"
            accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(next) => {
              setFile(next);
              setErrors({});
            }}
            error={errors.file}
            leftSection={<IconUpload size={16} />}
          />
          <Group>
            <Button disabled={!file} loading={create.isPending} onClick={submit}>
              Upload and preview
            </Button>
            <Button variant="subtle" component={Link} to={paths.adminImports}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Card>
    </AdminFrame>
  );
}

/** Editing a line's cells (one input per column of the file). */
function FixLineForm({
  view,
  line,
  onClose,
}: {
  view: CatalogImportView;
  line: CatalogImportLine;
  onClose: () => void;
}) {
  const [cells, setCells] = useState<string[]>(line.cells);
  const fix = useFixImportLine();
  // Headers may repeat ('Size' twice): a key counts the earlier ones.
  const keys = view.columns.map(
    (column, i) => `${column}#${view.columns.slice(0, i).filter((other) => other === column).length}`,
  );
  return (
    <Stack>
      {line.reason && (
        <Text size="sm" c="red">
          {line.reason}
        </Text>
      )}
      {view.columns.map((column, index) => (
        <TextInput
          key={keys[index]}
          label={column}
          value={cells[index] ?? ''}
          onChange={(event) => {
            const next = [...cells];
            next[index] = event.currentTarget.value;
            setCells(next);
          }}
        />
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={fix.isPending}
          onClick={() => fix.mutate({ id: view.id, lineId: line.id, cells }, { onSuccess: onClose })}
        >
          Save and preview again
        </Button>
      </Group>
    </Stack>
  );
}

/** What a line says, by kind: the product (and sizes) for catalogue kinds, the supplier's name for mappings. */
function lineSummary(view: CatalogImportView, line: CatalogImportLine) {
  const cell = (field: Parameters<typeof importCellOf>[2]) => importCellOf(view.mapping, line.cells, field);
  switch (view.kind) {
    case 'green_goods': {
      const cultivar = cell('cultivar');
      return {
        title: `${cell('botanicalName') || '—'}${cultivar ? ` '${cultivar}'` : ''}`,
        detail: [cell('commonNames'), cell('sizes')].filter(Boolean).join(' · '),
      };
    }
    case 'hard_goods':
      return {
        title: cell('name') || '—',
        detail: [cell('brand'), cell('sizes')].filter(Boolean).join(' · '),
      };
    case 'product_mapping':
      return {
        title: [cell('sku'), cell('name')].filter(Boolean).join(' · ') || '—',
        detail: `→ ${[cell('catalogProduct'), cell('catalogSize')].filter(Boolean).join(' · ')}`,
      };
    default:
      return {
        title: cell('name') || cell('sku') || '—',
        detail: [cell('size'), cell('quantity')].join(' · '),
      };
  }
}

/** /admin/imports/{id}: the preview with every line's outcome, fixing bad lines, apply, the result. */
export function AdminImportPage() {
  const id = Number(useParams().id);
  const [outcome, setOutcome] = useState<LineOutcome | 'all'>('all');
  const [fixing, setFixing] = useState<CatalogImportLine | null>(null);
  const imported = useCatalogImport(id, outcome === 'all' ? null : outcome);
  const phoneCards = usePhoneCards();
  const remap = useRemapCatalogImport();
  const apply = useApplyCatalogImport();
  const view = imported.data;
  if (imported.isError) {
    return (
      <AdminFrame title="Import">
        <LoadErrorAlert
          title="This import could not be loaded"
          error={imported.error}
          onRetry={() => void imported.refetch()}
        />
      </AdminFrame>
    );
  }
  if (!view) return <PageLoader />;
  const busy = view.status === 'previewing' || view.status === 'applying';
  const canMatch = view.kind === 'availability';
  const report = () => void downloadFile(`/api/internal/catalog_imports/${view.id}/report`);
  return (
    <AdminFrame title={`${importKindLabels[view.kind]} import`}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>
              {importKindLabels[view.kind]}: {view.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {view.counts.total} lines · {view.counts.valid} valid · {view.counts.invalid} invalid
            </Text>
          </div>
          <Anchor component={Link} to={paths.adminImports} size="sm">
            All imports
          </Anchor>
        </Group>
        {busy && (
          <ImportProgress
            label={view.status === 'previewing' ? 'Checking every line…' : 'Applying the import…'}
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
            fields={importFieldsByKind[view.kind]}
            mapping={view.mapping}
            pending={remap.isPending}
            onPreview={(mapping) => remap.mutate({ id: view.id, mapping })}
          />
        )}
        <ImportCountBadges counts={view.counts} unmatched={canMatch} />
        {view.status === 'applied' ? (
          <Alert color="green" title="Import applied" data-testid="import-applied">
            {view.counts.valid} {view.counts.valid === 1 ? 'line was' : 'lines were'} applied; invalid lines
            were skipped.
            <Group mt="sm">
              <Button size="xs" variant="white" leftSection={<IconDownload size={14} />} onClick={report}>
                Download result
              </Button>
              <Button size="xs" variant="subtle" component={Link} to={paths.newAdminImport}>
                Import another file
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group>
            <Button
              onClick={() => apply.mutate(view.id)}
              disabled={view.status !== 'ready' || Boolean(view.error) || view.counts.valid === 0}
              loading={apply.isPending || view.status === 'applying'}
            >
              Apply {view.counts.valid} valid {view.counts.valid === 1 ? 'line' : 'lines'}
            </Button>
            <Button variant="default" leftSection={<IconDownload size={14} />} onClick={report}>
              Download preview
            </Button>
          </Group>
        )}
        <SegmentedControl
          size="xs"
          value={outcome}
          onChange={(value) => setOutcome(value as typeof outcome)}
          data={['all', 'new', 'updated', ...(canMatch ? ['unmatched'] : []), 'invalid'].map((value) => ({
            value,
            label: value === 'all' ? 'All lines' : value[0].toUpperCase() + value.slice(1),
          }))}
        />
        <Table.ScrollContainer minWidth={600}>
          <Table
            ref={phoneCards}
            className="phone-cards"
            verticalSpacing={6}
            striped
            data-testid="import-lines"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>In the file</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Reason or result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.lines.map((line) => {
                const summary = lineSummary(view, line);
                return (
                  <Table.Tr key={line.id} data-testid="import-line">
                    <Table.Td>
                      <Text size="sm">{summary.title}</Text>
                      <Text size="xs" c="dimmed">
                        Line {line.lineNumber + 1}
                        {summary.detail ? ` · ${summary.detail}` : ''}
                      </Text>
                    </Table.Td>
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
                      {view.status === 'ready' &&
                        (line.outcome === 'invalid' || line.outcome === 'unmatched') && (
                          <Button size="compact-xs" variant="light" mt={2} onClick={() => setFixing(line)}>
                            Fix line
                          </Button>
                        )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {view.linesTotal > view.lines.length && (
          <Text size="xs" c="dimmed">
            Showing the first {view.lines.length} of {view.linesTotal} lines; download the preview for all of
            them.
          </Text>
        )}
      </Stack>
      <Modal
        opened={fixing !== null}
        onClose={() => setFixing(null)}
        title={fixing ? `Fix line ${fixing.lineNumber + 1}` : ''}
      >
        {fixing && <FixLineForm key={fixing.id} view={view} line={fixing} onClose={() => setFixing(null)} />}
      </Modal>
    </AdminFrame>
  );
}
