import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type FeatureFlag, featureFlagLabel, featureFlags } from '../../../../domain/features';
import { showSuccess } from '../../../shell/toasts';
import type { AdminFeature } from '../api/get-features';
import { useOrganizations } from '../api/get-organizations';
import { useUsers } from '../api/get-users';
import { type EnablementTarget, useSetFeatureEnablement } from '../api/set-feature-enablement';

type TargetKind = 'organization' | 'user' | 'flag';

const kindOptions = [
  { value: 'organization', label: 'Organization' },
  { value: 'user', label: 'User' },
  { value: 'flag', label: 'Flag' },
];

const flagOptions = featureFlags.map((flag) => ({ value: flag, label: featureFlagLabel(flag) }));

type Choice = { value: string; label: string };

type TargetSelectProps = { value: Choice | null; onChange: (choice: Choice | null) => void };

/** A searchable Select over choices the server filters by the typed text. */
function SearchSelect({
  label,
  placeholder,
  found,
  fetching,
  search,
  onSearch,
  value,
  onChange,
}: TargetSelectProps & {
  label: string;
  placeholder: string;
  found: Choice[];
  fetching: boolean;
  search: string;
  onSearch: (text: string) => void;
}) {
  const choices = value && !found.some((choice) => choice.value === value.value) ? [value, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={choices}
      value={value?.value ?? null}
      onChange={(selected) => onChange(choices.find((choice) => choice.value === selected) ?? null)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={onSearch}
      // The server has filtered by the search already.
      filter={({ options }) => options}
      nothingFoundMessage={fetching ? 'Searching…' : 'Nothing matches'}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
      data-testid="enable-target"
    />
  );
}

/** An organisation chosen by name (Beehive's organisation list, 20 matches at a time). */
function OrganizationTargetSelect(props: TargetSelectProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const found = useOrganizations({ query, page: 1, perPage: 20 });
  return (
    <SearchSelect
      {...props}
      label="Organization"
      placeholder="Search organizations by name"
      found={(found.data?.results ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
      fetching={found.isFetching}
      search={search}
      onSearch={setSearch}
    />
  );
}

/** A user chosen by name or e-mail (Beehive's user list, 20 matches at a time). */
function UserTargetSelect(props: TargetSelectProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const found = useUsers({ query, status: null, page: 1, perPage: 20 });
  return (
    <SearchSelect
      {...props}
      label="User"
      placeholder="Search users by name or email"
      found={(found.data?.results ?? []).map((row) => ({
        value: String(row.id),
        label: `${row.fullName} · ${row.email}`,
      }))}
      fetching={found.isFetching}
      search={search}
      onSearch={setSearch}
    />
  );
}

/** Turns one feature on for an organisation, a user or a group flag, each chosen by name. */
export function EnableFeatureModal({
  feature,
  opened,
  onClose,
}: {
  feature: AdminFeature;
  opened: boolean;
  onClose: () => void;
}) {
  const enable = useSetFeatureEnablement();
  const [kind, setKind] = useState<TargetKind>('organization');
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [flag, setFlag] = useState<FeatureFlag | null>(null);

  const target: EnablementTarget | null =
    kind === 'flag'
      ? flag && { flag }
      : chosen
        ? kind === 'organization'
          ? { organizationId: Number(chosen.value) }
          : { userId: Number(chosen.value) }
        : null;
  const targetName = kind === 'flag' ? (flag ? featureFlagLabel(flag) : '') : (chosen?.label ?? '');

  const close = () => {
    setChosen(null);
    setFlag(null);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    enable.mutate(
      { featureId: feature.id, target, enabled: true },
      {
        onSuccess: () => {
          showSuccess(`${feature.name} enabled for ${targetName}`);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Enable ${feature.name} for…`} centered>
      <form onSubmit={submit} data-testid="enable-feature-form">
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={4} id="enable-target-kind">
              Target
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="enable-target-kind"
              data={kindOptions}
              value={kind}
              onChange={(value) => {
                setKind(value as TargetKind);
                setChosen(null);
              }}
              data-testid="enable-target-kind"
            />
          </div>
          {kind === 'flag' ? (
            <Select
              label="Flag"
              placeholder="Choose a flag"
              data={flagOptions}
              value={flag}
              onChange={(value) => setFlag(value as FeatureFlag | null)}
              description="Everyone the flag describes: admins, suppliers, buyers, activated or non-activated users."
              comboboxProps={{ withinPortal: true }}
              data-testid="enable-flag"
            />
          ) : kind === 'organization' ? (
            <OrganizationTargetSelect value={chosen} onChange={setChosen} />
          ) : (
            <UserTargetSelect value={chosen} onChange={setChosen} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!target} loading={enable.isPending} data-testid="enable-submit">
              Enable
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
