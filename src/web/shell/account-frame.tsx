import { Container, Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAddressBook,
  IconAdjustments,
  IconBell,
  IconDiscount2,
  IconStar,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { productName } from '../../domain/brand';
import { paths } from '../paths';
import { SectionTabs } from '../ui/section-tabs';

const sections = [
  { value: 'profile', label: 'My Profile', to: paths.profile, icon: IconUser },
  { value: 'address-book', label: 'Address Book', to: paths.addressBook, icon: IconAddressBook },
  { value: 'preferences', label: 'Preferences', to: paths.preferences, icon: IconAdjustments },
  { value: 'notifications', label: 'Notifications', to: paths.notificationSettings, icon: IconBell },
  { value: 'discounts', label: 'Discounts', to: paths.discounts, icon: IconDiscount2 },
  { value: 'favorites', label: 'Favorite Suppliers', to: paths.favoriteSuppliers, icon: IconStar },
] as const;

const sectionOf = (pathname: string) =>
  sections.find((section) => pathname.startsWith(section.to.split('?')[0]))?.value ?? null;

/** The account area's section links; each is a real link, and on a phone the row scrolls sideways. */
export function AccountNav() {
  const { pathname } = useLocation();
  const active = sectionOf(pathname);
  return <SectionTabs label="Account sections" sections={sections} active={active} />;
}

/** The frame of an account page: width, section links, heading, optional actions and the document title. */
export function AccountFrame({
  title,
  subtitle,
  actions,
  size = 'lg',
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · ${productName}`);
  return (
    <Container size={size} py={{ base: 'lg', sm: 40 }}>
      <AccountNav />
      <Group justify="space-between" align="flex-end" gap="sm" mb="lg">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {actions}
      </Group>
      {children}
    </Container>
  );
}
