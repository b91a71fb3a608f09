import {
  Anchor,
  Badge,
  Box,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { isAdmin } from '../../../../domain/access';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { paths } from '../../../paths';
import { attentionLabels, attentionStates, useOrdersNeedingAttention } from '../api/staff-queues';

function OrdersNeedingAttention() {
  const counts = useOrdersNeedingAttention(true);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="staff-orders-queue">
      <Title order={2} size="h4" mb="sm">
        Orders needing attention
      </Title>
      <Stack gap={6}>
        {attentionStates.map((state, index) => {
          const answer = counts[index];
          return (
            <Group key={state} justify="space-between" wrap="nowrap" mih={32}>
              <Anchor component={Link} to={paths.adminOrdersInState(state)}>
                {attentionLabels[state]}
              </Anchor>
              {answer?.data ? (
                <Badge variant="light" color={answer.data.count > 0 ? 'orange' : 'gray'}>
                  {answer.data.count}
                </Badge>
              ) : (
                <Skeleton h={20} w={32} radius="xl" />
              )}
            </Group>
          );
        })}
      </Stack>
      <Anchor component={Link} to={paths.adminOrders} size="sm" mt="md">
        All orders
      </Anchor>
    </Card>
  );
}

function QueueToCome({ title, testId, text }: { title: string; testId: string; text: string }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
    </Card>
  );
}

const staffLinks = [
  { label: 'Users', to: paths.adminUsers },
  { label: 'Organizations', to: paths.adminOrganizations },
  { label: 'Orders', to: paths.adminOrders },
  { label: 'Marketing', to: paths.adminMarketing },
  { label: 'Features', to: paths.adminFeatures },
  { label: 'Outbox', to: paths.adminOutbox },
];

/**
 * The home of staff (admins and logistics admins): their queues instead of a buyer's dashboard, and
 * no company to complete (staff belong to no customer organisation).
 */
export function StaffHome({ user, greeting }: { user: CurrentUser; greeting: string }) {
  const admin = isAdmin(user);
  return (
    <Box data-testid="staff-home">
      <Box bg="hedge.0" py={{ base: 24, sm: 36 }}>
        <Container size="xl">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {greeting}, {user.firstName}
          </Title>
          <Text c="dimmed" mt={4}>
            Staff home: the queues that need you
          </Text>
        </Container>
      </Box>
      <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {admin && <OrdersNeedingAttention />}
          <QueueToCome
            title="Freight requests"
            testId="staff-freight-queue"
            text="No freight requests are waiting. Requests for freight estimates appear here as buyers send them."
          />
          <QueueToCome
            title="Support requests"
            testId="staff-support-queue"
            text="No support requests are waiting. Messages to the support team appear here as they arrive."
          />
          {admin && (
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                Beehive
              </Title>
              <Stack gap={6}>
                {staffLinks.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to}>
                    {link.label}
                  </Anchor>
                ))}
              </Stack>
            </Card>
          )}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
