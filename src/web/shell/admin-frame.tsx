import { Container, Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBell,
  IconBuildingStore,
  IconCalculator,
  IconFlag,
  IconLifebuoy,
  IconMail,
  IconPhoto,
  IconPlant2,
  IconQuote,
  IconReceipt,
  IconShieldLock,
  IconShoppingCart,
  IconSpeakerphone,
  IconTags,
  IconTruck,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { can } from '../../domain/admin/beehive-access';
import type { Permission } from '../../domain/admin/permissions';
import { productName } from '../../domain/brand';
import { useCurrentUser } from '../api/current-user';
import { paths } from '../paths';
import { SectionTabs } from '../ui/section-tabs';
import { NotFoundContent } from './not-found';

// Each section shows to staff whose roles grant its permission (the server refuses the rest anyway).
const sections: {
  value: string;
  label: string;
  to: string;
  icon: typeof IconUsers;
  permission: Permission;
}[] = [
  { value: 'users', label: 'Users', to: paths.adminUsers, icon: IconUsers, permission: 'view_users' },
  {
    value: 'organizations',
    label: 'Organizations',
    to: paths.adminOrganizations,
    icon: IconBuildingStore,
    permission: 'view_organizations',
  },
  { value: 'orders', label: 'Orders', to: paths.adminOrders, icon: IconReceipt, permission: 'view_orders' },
  {
    value: 'caretaker',
    label: 'Needs attention',
    to: paths.adminCaretaker,
    icon: IconBell,
    permission: 'view_orders',
  },
  { value: 'carts', label: 'Carts', to: paths.adminCarts, icon: IconShoppingCart, permission: 'edit_carts' },
  {
    value: 'accounting',
    label: 'Accounting',
    to: paths.adminAccounting,
    icon: IconCalculator,
    permission: 'export_accounting',
  },
  {
    value: 'logistics',
    label: 'Logistics',
    to: paths.adminLogistics,
    icon: IconTruckDelivery,
    permission: 'manage_logistics',
  },
  {
    value: 'trucks',
    label: 'Trucks',
    to: paths.adminTrucks,
    icon: IconTruck,
    permission: 'manage_logistics',
  },
  {
    value: 'unanswerable',
    label: 'Orders nobody can answer',
    to: paths.adminUnanswerableOrders,
    icon: IconAlertTriangle,
    permission: 'view_orders',
  },
  {
    value: 'support',
    label: 'Support requests',
    to: paths.adminSupportRequests,
    icon: IconLifebuoy,
    permission: 'manage_support_requests',
  },
  {
    value: 'products',
    label: 'Products',
    to: paths.adminProducts,
    icon: IconPlant2,
    permission: 'manage_catalog',
  },
  {
    value: 'brands',
    label: 'Brands',
    to: paths.adminBrands,
    icon: IconTags,
    permission: 'manage_catalog',
  },
  {
    value: 'imports',
    label: 'Imports',
    to: paths.adminImports,
    icon: IconPlant2,
    permission: 'manage_catalog',
  },
  { value: 'roles', label: 'Roles', to: paths.adminRoles, icon: IconShieldLock, permission: 'manage_roles' },
  {
    value: 'features',
    label: 'Feature flags',
    to: paths.adminFeatures,
    icon: IconFlag,
    permission: 'manage_feature_flags',
  },
  {
    value: 'outbox',
    label: 'Email outbox',
    to: paths.adminOutbox,
    icon: IconMail,
    permission: 'view_outbox',
  },
  {
    value: 'marketing',
    label: 'Marketing',
    to: paths.adminMarketing,
    icon: IconSpeakerphone,
    permission: 'manage_marketing',
  },
  {
    value: 'house-ads',
    label: 'House ads',
    to: paths.adminHouseAds,
    icon: IconPhoto,
    permission: 'manage_marketing',
  },
  {
    value: 'testimonials',
    label: 'Testimonials',
    to: paths.adminTestimonials,
    icon: IconQuote,
    permission: 'manage_marketing',
  },
];

/** /admin itself: the first section the staff member may open. */
export function BeehiveIndex() {
  const { user } = useCurrentUser();
  const first = sections.find((section) => can(user, section.permission));
  return first ? <Navigate to={first.to} replace /> : <NotFoundContent />;
}

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
  const allowed = sections.filter((section) => can(user, section.permission));
  return (
    <>
      <Group gap="xs" align="baseline" mb="sm">
        <Title order={1}>Beehive</Title>
        <Text c="dimmed" size="sm">
          Staff admin
        </Text>
      </Group>
      <SectionTabs label="Beehive sections" sections={allowed} active={active} many />
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
