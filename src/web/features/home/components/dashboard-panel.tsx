import { Anchor, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../ui/load-error-alert';

/** A titled dashboard card with an optional View All link in its corner. */
export function DashboardPanel({
  title,
  viewAllTo,
  viewAllLabel = 'View All',
  testId,
  children,
  actions,
}: {
  title: ReactNode;
  viewAllTo?: string;
  viewAllLabel?: string;
  testId: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  // A panel's rows are drawn in an interruptible pass after its answer arrives (a query's update is
  // otherwise drawn in one blocking task): until then the rows of the previous render stay, unchanged.
  const body = useDeferredValue(children);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      data-testid={testId}
      aria-label={String(title)}
    >
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap" gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="md" wrap="nowrap">
          {actions}
          {viewAllTo && (
            <Anchor component={Link} to={viewAllTo} size="sm" fw={600}>
              {viewAllLabel}
            </Anchor>
          )}
        </Group>
      </Group>
      {body}
    </Card>
  );
}

/** Placeholder rows while a panel's data loads. */
export function PanelSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label="Loading" aria-busy>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** What a panel shows while loading or after failing; its own error only, so the rest of the page stays. */
export function PanelState({
  isPending,
  error,
  title,
  onRetry,
  rows,
}: {
  isPending: boolean;
  error: unknown;
  title: string;
  onRetry: () => void;
  rows?: number;
}) {
  if (error) return <LoadErrorAlert error={error} title={title} onRetry={onRetry} />;
  if (isPending) return <PanelSkeleton rows={rows} />;
  return null;
}
