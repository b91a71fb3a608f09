import { Box, Button, Card, Container, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isStaff } from '../../../../domain/access';
import { canUseBeehive } from '../../../../domain/admin/beehive-access';
import { dashboardAudience } from '../../../../domain/dashboard/dashboard-audience';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { useCurrentUser } from '../../../api/current-user';
import { CompanyProfileDialog } from '../../../shell/company-profile-dialog';
import { SuspendedNotice } from '../../../shell/suspended-notice';
import { useUnreadMessageCountQuery } from '../../../shell/use-unread-message-count';
import { AdZone } from '../../../ui/ad-zone';
import { useStaggeredReveal } from '../../../ui/use-staggered-reveal';
import {
  inviteRequestQueryOptions,
  noticesQueryOptions,
  orderCountsQueryOptions,
  photoRequestCountsQueryOptions,
} from '../api/dashboard-api';
import { useMarketingMessages } from '../api/marketing-messages';
import { columnsShown } from '../components/columns-shown';
import {
  AttentionAlerts,
  DashboardNotices,
  UnauthorizedMessageNotice,
} from '../components/dashboard-notices';
import { HelpCenterCard, LargeBidOrderCard, MarketManagerCardView } from '../components/info-cards';
import { MarketingMessages } from '../components/marketing-messages';
import { buyerQuickLinks, QuickLinksCard, supplierQuickLinks } from '../components/quick-links';
import { RecentCartsPanel } from '../components/recent-carts-panel';
import { RecentHubsheetsPanel } from '../components/recent-hubsheets-panel';
import { RecentOrdersPanel } from '../components/recent-orders-panel';
import { RecentSubmittedOrdersPanel } from '../components/recent-submitted-orders-panel';
import { SetupChecklistCard } from '../components/setup-checklist-card';
import { ShopSuppliersCard } from '../components/shop-suppliers-card';
import { StaffHome } from '../components/staff-home';
import { TipsCard } from '../components/tips-card';

// The overlays that open by themselves only for some users load (with their forms) only for them.
const CompleteProfileModal = lazy(async () => ({
  default: (await import('../components/complete-profile-modal')).CompleteProfileModal,
}));
const NewUserSurvey = lazy(async () => ({
  default: (await import('../components/new-user-survey')).NewUserSurvey,
}));

/** 'morning' before noon, 'afternoon' until 6 pm, else 'evening', by the visitor's own clock. */
function partOfDay(date: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = date.getHours();
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

function NoCompanyCard({ onOpen }: { onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" bg="gray.0">
      <Group justify="space-between" align="center" gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={42} radius="md" aria-hidden>
            <IconBuildingStore size={22} />
          </ThemeIcon>
          <div>
            <Text fw={700}>Complete your company profile</Text>
            <Text size="sm" c="dimmed">
              Tell suppliers who you are and where to deliver, so you can get quotes and place orders.
            </Text>
          </div>
        </Group>
        <Button onClick={onOpen}>Complete your company profile</Button>
      </Group>
    </Card>
  );
}

/**
 * The notices above the panels come and go with these answers: the panels wait for them, so they
 * appear once, in place, instead of being pushed down (no layout shift). Same queries as the notices.
 * Kept apart from HomePage so each answer re-renders this stack only, not the whole dashboard: the
 * children are the same elements from render to render, so React leaves them alone.
 */
function SettledStack({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const hasOrganization = Boolean(user.organizationId);
  const counts = useQuery({ ...orderCountsQueryOptions(), enabled: hasOrganization });
  const unread = useUnreadMessageCountQuery();
  const photos = useQuery({ ...photoRequestCountsQueryOptions(), enabled: user.supplier });
  const notices = useQuery(noticesQueryOptions());
  const messages = useMarketingMessages(true);
  const settling =
    (hasOrganization && counts.isPending) ||
    unread.isPending ||
    (user.supplier && photos.isPending) ||
    notices.isPending ||
    messages.isPending;
  return (
    <Stack gap="lg" style={settling ? { visibility: 'hidden' } : undefined} aria-busy={settling}>
      {children}
    </Stack>
  );
}

/**
 * The two columns of cards under the notices. They are most of the page's elements, so they are drawn
 * one card per task after the greeting and notices have painted (in the order they stand, the two
 * columns' first cards first): a slow phone's main thread is never held for the whole grid at once.
 * Busy, for assistive technology and the browser tests alike, until every card is drawn.
 */
function DashboardColumns({ main, side }: { main: ReactNode[]; side: ReactNode[] }) {
  const total = main.length + side.length;
  const shown = useStaggeredReveal(total);
  const drawn = columnsShown(shown, main.length, side.length);
  return (
    <Grid gap="lg" aria-busy={shown < total}>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">{main.slice(0, drawn.main)}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">{side.slice(0, drawn.side)}</Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Complete Your Profile (part 1 §2.6): its form loads only when the user's invite request lacks details. */
function CompleteProfileWhenAsked() {
  const query = useQuery(inviteRequestQueryOptions());
  if (!query.data?.inviteRequest) return null;
  return (
    <Suspense fallback={null}>
      <CompleteProfileModal />
    </Suspense>
  );
}

/** /home and /dashboard: the signed-in home dashboard (part 1 §2.1). Every panel loads on its own. */
export function HomePage() {
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const [companyModalOpened, setCompanyModalOpened] = useState(false);
  if (!user) return null;
  if (user.status === 'no_site_use') return <SuspendedNotice />;
  // Staff get their queues, not a buyer's dashboard (and no company to complete).
  if (isStaff(user) || canUseBeehive(user))
    return <StaffHome user={user} greeting={`Good ${partOfDay(new Date())}`} />;

  const audience = dashboardAudience(user);
  const surveyShown = user.showNewUserSurvey && !user.impersonator;
  const unauthorizedMessage = searchParams.get('notice') === 'unauthorized_message';

  const work: ReactNode[] = [];
  if (audience.buyer) {
    work.push(<RecentCartsPanel key="carts" />, <RecentHubsheetsPanel key="hubsheets" />);
  }
  const orders: ReactNode[] = [];
  if (audience.submittedOrders) orders.push(<RecentSubmittedOrdersPanel key="submitted" />);
  if (audience.recentOrderTabs.length > 0)
    orders.push(<RecentOrdersPanel key="orders" tabs={audience.recentOrderTabs} />);
  const suppliers = audience.buyer
    ? [<ShopSuppliersCard key="shop" favoriteIds={user.preferredSupplierIds} />]
    : [];
  // Part 1 §2.1: activated users see carts and Hubsheets first, others after the other cards.
  const main = audience.workFirst ? [...work, ...orders, ...suppliers] : [...suppliers, ...orders, ...work];

  // The side column's cards, in the order they stand.
  const side: ReactNode[] = [];
  if (audience.supplier)
    side.push(
      <QuickLinksCard
        key="supplier-links"
        title="Supplier Quick Links"
        links={supplierQuickLinks(user)}
        testId="supplier-quick-links"
      />,
    );
  if (audience.buyer) {
    side.push(
      <QuickLinksCard
        key="buyer-links"
        title="Quick Links"
        links={buyerQuickLinks}
        testId="buyer-quick-links"
      />,
      <SetupChecklistCard key="setup" user={user} />,
    );
  }
  side.push(<MarketManagerCardView key="manager" />);
  if (audience.buyer) side.push(<LargeBidOrderCard key="large-bid" />);
  side.push(<HelpCenterCard key="help" />);
  // The side column is narrow at every width: the zones' phone banners keep their words readable.
  for (const zoneId of audience.adZones) side.push(<AdZone key={`zone-${zoneId}`} zoneId={zoneId} narrow />);

  return (
    <Box data-testid="dashboard">
      <Box bg="hedge.0" py={{ base: 24, sm: 36 }}>
        <Container size="xl">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Good {partOfDay(new Date())}, {user.firstName}
          </Title>
          <Text c="dimmed" mt={4}>
            {user.organizationName ?? 'Welcome to Hedgerow'}
          </Text>
        </Container>
      </Box>

      <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
        <SettledStack user={user}>
          {unauthorizedMessage && <UnauthorizedMessageNotice />}
          <AttentionAlerts user={user} />
          <DashboardNotices />
          <MarketingMessages />
          {!user.organizationId && !user.pendingOrganizationName && (
            <NoCompanyCard onOpen={() => setCompanyModalOpened(true)} />
          )}
          {audience.tips && <TipsCard />}

          <DashboardColumns main={main} side={side} />
        </SettledStack>
      </Container>

      {/* One overlay at a time: the survey first, then Complete Your Profile (both lazy, so the one whose
          code came last used to open over the other). */}
      {surveyShown ? (
        <Suspense fallback={null}>
          <NewUserSurvey firstName={user.firstName} />
        </Suspense>
      ) : (
        <CompleteProfileWhenAsked />
      )}
      {/* Saving refreshes the current user (useSaveCompany), so this page shows the new company at once. */}
      <CompanyProfileDialog
        opened={companyModalOpened}
        onClose={() => setCompanyModalOpened(false)}
        onSaved={() => setCompanyModalOpened(false)}
      />
    </Box>
  );
}
