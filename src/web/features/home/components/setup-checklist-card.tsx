import { Anchor, Card, Group, List, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SetupStepKey } from '../../../../domain/dashboard/dashboard-views';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { paths } from '../../../paths';
import { setupProgressQueryOptions } from '../api/dashboard-api';
import { PanelState } from './dashboard-panel';

const stepLinks: Partial<Record<SetupStepKey, string>> = {
  searchedForProducts: paths.search(),
  hasFavoriteSuppliers: paths.suppliers,
  hasPaymentMethod: paths.paymentMethods,
  createdCart: paths.newCart,
};

/** The account setup checklist (part 1 §4): 5 steps and the share done; hidden once complete. */
export function SetupChecklistCard({ user }: { user: CurrentUser }) {
  const query = useQuery(
    setupProgressQueryOptions(
      [user.hasPreferredSuppliers, user.createdCart, user.searchedForProducts].map(Number).join(''),
    ),
  );
  const progress = query.data;
  // Part 1 §2.1: hidden when complete, and while the payment methods it reads are loading.
  if (query.isPending || progress?.complete) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label="Account setup"
      data-testid="setup-checklist"
    >
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h4">
          Account setup
        </Title>
        {progress && (
          <Text fw={700} c="hedge.8" data-testid="setup-percent">
            {progress.percent}% complete
          </Text>
        )}
      </Group>
      <PanelState
        isPending={false}
        error={query.error}
        title="Your setup progress could not be loaded"
        onRetry={() => void query.refetch()}
        rows={2}
      />
      {progress && (
        <>
          <Progress value={progress.percent} aria-label={`${progress.percent}% complete`} mb="md" />
          <List spacing={8} size="sm" center>
            {progress.steps.map((step) => (
              <List.Item
                key={step.key}
                data-done={step.done}
                icon={
                  <ThemeIcon
                    size={22}
                    radius="xl"
                    color={step.done ? 'hedge' : 'gray'}
                    variant={step.done ? 'filled' : 'light'}
                  >
                    {step.done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                  </ThemeIcon>
                }
              >
                {!step.done && stepLinks[step.key] ? (
                  <Anchor component={Link} to={stepLinks[step.key] ?? '#'} size="sm">
                    {step.label}
                  </Anchor>
                ) : (
                  <Text
                    size="sm"
                    td={step.done ? 'line-through' : undefined}
                    c={step.done ? 'dimmed' : undefined}
                  >
                    {step.label}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
