import { Alert, Group, Text } from '@mantine/core';
import { IconClipboardList, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../api/api';
import type { components } from '../api/generated/openapi';
import { formatMoney } from './money';

type BranchTermsView = components['schemas']['BranchTerms'];

/** A branch's order requirements and notices active today (issue 19), as buyers see them. */
export function useBranchTerms(branchId: number) {
  return useQuery({
    queryKey: ['branch-terms', branchId],
    queryFn: async ({ signal }) => {
      const terms = await answerOf(
        api.GET('/api/v1/branch_terms', { params: { query: { branchIds: String(branchId) } }, signal }),
      );
      return (terms[0] ?? null) as BranchTermsView | null;
    },
    staleTime: 60_000,
  });
}

/** The requirements in one line: 'Minimum order $500.00 · 2 days lead time · Delivers Tue, Thu · Pickup …'. */
export function requirementsText(rules: NonNullable<BranchTermsView['orderRequirements']>): string {
  const parts: string[] = [];
  if (rules.minimumOrderCents) parts.push(`Minimum order ${formatMoney(rules.minimumOrderCents)}`);
  if (rules.minimumLeadDays) {
    parts.push(`${rules.minimumLeadDays} ${rules.minimumLeadDays === 1 ? 'day' : 'days'} lead time`);
  }
  if (rules.deliveryDays.length > 0)
    parts.push(`Delivers ${rules.deliveryDays.map((day) => day.slice(0, 3)).join(', ')}`);
  if (rules.pickupHours) parts.push(`Pickup ${rules.pickupHours}`);
  return parts.join(' · ');
}

/** A branch's notices and order requirements; nothing when it has none. */
export function BranchTerms({ branchId, compact = false }: { branchId: number; compact?: boolean }) {
  const terms = useBranchTerms(branchId).data;
  if (!terms) return null;
  const rules = terms.orderRequirements ? requirementsText(terms.orderRequirements) : '';
  return (
    <>
      {terms.notices.map((notice) => (
        <Alert
          key={notice.id}
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconSpeakerphone size={16} />}
          data-testid="supplier-notice"
        >
          <Text size="sm">{notice.body}</Text>
        </Alert>
      ))}
      {rules && (
        <Group gap={6} wrap="nowrap" data-testid="order-requirements">
          <IconClipboardList size={16} style={{ flexShrink: 0 }} />
          <Text size={compact ? 'xs' : 'sm'} c="dimmed">
            {rules}
          </Text>
        </Group>
      )}
    </>
  );
}

/** A branch's notices active today as one small line (the product page's supplier table). */
export function BranchNoticeLine({ branchId }: { branchId: number }) {
  const terms = useBranchTerms(branchId).data;
  if (!terms || terms.notices.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="supplier-notice-line">
      <IconSpeakerphone size={14} color="var(--mantine-color-yellow-7)" style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed" lineClamp={2}>
        {terms.notices.map((notice) => notice.body).join(' · ')}
      </Text>
    </Group>
  );
}
