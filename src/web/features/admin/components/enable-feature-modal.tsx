import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type FeatureFlag, featureFlags } from '../../../../domain/features';
import { showSuccess } from '../../../shell/toasts';
import type { AdminFeature } from '../api/get-features';
import { type EnablementTarget, useSetFeatureEnablement } from '../api/set-feature-enablement';

type TargetKind = 'organization' | 'user' | 'flag';

const kindOptions = [
  { value: 'organization', label: 'Organization' },
  { value: 'user', label: 'User' },
  { value: 'flag', label: 'Flag' },
];

const flagOptions = featureFlags.map((flag) => ({ value: flag, label: flag }));

/** A name for an enablement target: 'Organization #3', 'User #12' or 'Flag: suppliers'. */
export function targetLabel(target: {
  organizationId?: number | null;
  userId?: number | null;
  flag?: string | null;
}) {
  if (target.organizationId) return `Organization #${target.organizationId}`;
  if (target.userId) return `User #${target.userId}`;
  return `Flag: ${target.flag}`;
}

/** Turns one feature on for an organisation, a user or a group flag. */
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
  const [targetId, setTargetId] = useState<number | ''>('');
  const [flag, setFlag] = useState<FeatureFlag | null>(null);

  const target: EnablementTarget | null =
    kind === 'flag'
      ? flag && { flag }
      : typeof targetId === 'number' && targetId > 0
        ? kind === 'organization'
          ? { organizationId: targetId }
          : { userId: targetId }
        : null;

  const close = () => {
    setTargetId('');
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
          showSuccess(`${feature.name} enabled for ${targetLabel(target)}`);
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
              onChange={(value) => setKind(value as TargetKind)}
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
          ) : (
            <NumberInput
              label={kind === 'organization' ? 'Organization id' : 'User id'}
              placeholder="e.g. 12"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={targetId}
              onChange={(value) => setTargetId(typeof value === 'number' ? value : '')}
              data-autofocus
              data-testid="enable-target-id"
            />
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
