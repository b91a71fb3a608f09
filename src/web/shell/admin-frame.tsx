import { Container, Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconFlag,
  IconMail,
  IconPhoto,
  IconReceipt,
  IconSpeakerphone,
  IconTruck,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isAdmin } from '../../domain/access';
import { productName } from '../../domain/brand';
import { useCurrentUser } from '../api/current-user';
import { paths } from '../paths';
import { SectionTabs } from '../ui/section-tabs';

const sections = [
  { value: 'users', label: 'Users', to: paths.adminUsers, icon: IconUsers },
  { value: 'organizations', label: 'Organizations', to: paths.adminOrganizations, icon: IconBuildingStore },
  { value: 'orders', label: 'Orders', to: paths.adminOrders, icon: IconReceipt, logistics: true },
  {
    value: 'logistics',
    label: 'Logistics',
    to: paths.adminLogistics,
    icon: IconTruckDelivery,
    logistics: true,
  },
  { value: 'trucks', label: 'Trucks', to: paths.adminTrucks, icon: IconTruck, logistics: true },
  {
    value: 'unanswerable',
    label: 'Orders nobody can answer',
    to: paths.adminUnanswerableOrders,
    icon: IconAlertTriangle,
  },
  { value: 'features', label: 'Feature flags', to: paths.adminFeatures, icon: IconFlag },
  { value: 'outbox', label: 'Outbox', to: paths.adminOutbox, icon: IconMail },
  { value: 'marketing', label: 'Marketing', to: paths.adminMarketing, icon: IconSpeakerphone },
  { value: 'house-ads', label: 'House ads', to: paths.adminHouseAds, icon: IconPhoto },
] as const;

function sectionOf(pathname: string): string {
  // A freight estimate is the logistics team's work.
  if (pathname.startsWith('/freight_estimates')) return 'logistics';
  const found = sections.find((section) => pathname.startsWith(section.to));
  // /admin itself shows the users list.
  return found?.value ?? 'users';
}

/** The Beehive heading and its section tabs; each tab is a real link, so it opens in a new tab too. */
export function AdminNav() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const active = sectionOf(pathname);
  // A logistics admin sees only the sections it may open (issue 16).
  const shown = user && isAdmin(user) ? sections : sections.filter((section) => 'logistics' in section);
  return (
    <>
      <Group gap="xs" align="baseline" mb="sm">
        <Title order={1}>Beehive</Title>
        <Text c="dimmed" size="sm">
          Staff admin
        </Text>
      </Group>
      <SectionTabs label="Beehive sections" sections={shown} active={active} />
    </>
  );
}

/** The frame every Beehive page sits in: page width, heading, section tabs and the document title. */
export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Beehive · ${productName}`);
  return (
    <Container size="xl" py="lg">
      <AdminNav />
      {children}
    </Container>
  );
}
