import { Anchor, Avatar, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList, IconHelpCircle, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { productName } from '../../../../domain/brand';
import { paths } from '../../../paths';
import { marketManagerQueryOptions } from '../api/dashboard-api';
import { PanelState } from './dashboard-panel';

/** 'Send Us Your List': large bid orders handled by the team (part 1 §2.1). */
export function LargeBidOrderCard() {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label="Send Us Your List"
      data-testid="large-bid-card"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconClipboardList size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h5">
            Send Us Your List
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Bidding a large job? Upload your material list and we'll source it across our suppliers.
          </Text>
        </div>
      </Group>
      <Button component={Link} to={paths.newHubsheet} variant="light" mt="md" fullWidth>
        Upload a List
      </Button>
      <Button
        component={Link}
        to={paths.sendUsYourList}
        variant="subtle"
        mt="xs"
        fullWidth
        data-testid="send-list-to-team"
      >
        Or send it to our team
      </Button>
    </Card>
  );
}

/** The Help Center card (external help site). */
export function HelpCenterCard() {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label="Help Center"
      data-testid="help-center-card"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconHelpCircle size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h5">
            Help Center
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Guides and answers for getting the most out of {productName}.
          </Text>
          <Anchor component={Link} to={paths.helpCenter} size="sm" fw={600} mt={6} display="inline-block">
            Visit the Help Center
          </Anchor>
        </div>
      </Group>
    </Card>
  );
}

/**
 * The market manager card (part 1 §2.1): photo, name, e-mail and phone; the default support contact
 * when the manager is the default one or has none.
 */
export function MarketManagerCardView() {
  const query = useQuery(marketManagerQueryOptions());
  const data = query.data;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label="Your market manager"
      data-testid="market-manager-card"
    >
      <Title order={2} size="h5" mb="sm">
        Your Market Manager
      </Title>
      {query.isPending && <Skeleton height={60} />}
      <PanelState
        isPending={false}
        error={query.error}
        title="Your market manager could not be loaded"
        onRetry={() => void query.refetch()}
      />
      {data && (
        <Stack gap="xs">
          {data.manager && (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={data.manager.userImage} alt="" radius="xl" size={48} color="hedge">
                {data.manager.firstName[0]}
                {data.manager.lastName[0]}
              </Avatar>
              <div>
                <Text fw={700}>
                  {data.manager.firstName} {data.manager.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {data.contact.usesSupportContact ? `${productName} support team` : 'Market manager'}
                </Text>
              </div>
            </Group>
          )}
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden />
            <Anchor href={`mailto:${data.contact.email}`} size="sm" data-testid="market-manager-email">
              {data.contact.email}
            </Anchor>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <Anchor href={`tel:${data.contact.phone.replace(/[^\d+]/g, '')}`} size="sm">
              {data.contact.phone}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
