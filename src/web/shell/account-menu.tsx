import { Avatar, Button, Menu, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingStore,
  IconChartBar,
  IconChevronDown,
  IconCreditCard,
  IconDiscount,
  IconFileInvoice,
  IconLogout,
  IconPackage,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../domain/users/current-user';
import { useSignOut } from '../features/auth/api/sign-out';
import { paths } from '../paths';
import { CompanyReadDialog } from './company-read-dialog';
import { type AccountLink, accountLinks } from './shell-links';

type IconComponent = ComponentType<{ size?: number; stroke?: number }>;

/** The icon beside each account entry, in the desktop menu and the slide-out menu alike. */
export const accountLinkIcons: Record<AccountLink['key'], IconComponent> = {
  profile: IconUser,
  organization: IconBuildingStore,
  orders: IconPackage,
  analytics: IconChartBar,
  addressBook: IconAddressBook,
  discounts: IconDiscount,
  invoices: IconFileInvoice,
  paymentMethods: IconCreditCard,
  admin: IconShieldLock,
};

/**
 * Signs out, then goes to the landing page. Kept in a component that stays mounted (the header):
 * the account menu itself disappears as soon as the user is forgotten.
 */
export function useSignOutAndLeave() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    pending: signOut.isPending,
    signOutAndLeave: async () => {
      // The session is forgotten locally even when the server call fails, so leave either way.
      await signOut.mutateAsync().catch(() => undefined);
      navigate(paths.landing, { replace: true });
    },
  };
}

export const initialsOf = (user: CurrentUser) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

type Props = { user: CurrentUser; onSignOut: () => void };

/** The desktop 'My Account' menu (spec part 1 §2.2). */
export function AccountMenu({ user, onSignOut }: Props) {
  const [companyOpened, setCompanyOpened] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            c="dark.7"
            h={44}
            px="xs"
            leftSection={
              <Avatar size={30} radius="xl" color="hedge" variant="filled">
                {initialsOf(user)}
              </Avatar>
            }
            rightSection={<IconChevronDown size={16} aria-hidden />}
            data-testid="account-menu"
          >
            My Account
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="dark" truncate>
              {user.fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.organizationName ?? user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {accountLinks(user, 'desktop').map((link) => {
            const Icon = accountLinkIcons[link.key];
            // The company entry opens the profile's read view in a modal, with a link to the page.
            if (link.key === 'organization') {
              return (
                <Menu.Item
                  key={link.key}
                  leftSection={<Icon size={18} stroke={1.6} />}
                  onClick={() => setCompanyOpened(true)}
                >
                  {link.label}
                </Menu.Item>
              );
            }
            return (
              <Menu.Item
                key={link.key}
                component={Link}
                to={link.to}
                leftSection={<Icon size={18} stroke={1.6} />}
              >
                {link.label}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={18} stroke={1.6} />} onClick={onSignOut}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {user.organizationId && user.organizationSlug && (
        <CompanyReadDialog
          opened={companyOpened}
          onClose={() => setCompanyOpened(false)}
          organizationId={user.organizationId}
          organizationSlug={user.organizationSlug}
        />
      )}
    </>
  );
}
