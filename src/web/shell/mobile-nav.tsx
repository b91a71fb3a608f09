import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBook2,
  IconBuildingStore,
  IconExternalLink,
  IconHelpCircle,
  IconInbox,
  IconInfoCircle,
  IconLeaf,
  IconLifebuoy,
  IconListDetails,
  IconLogout,
  IconMessageCircle,
  IconPlant2,
  IconShoppingCartPlus,
  IconShovel,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { productName } from '../../domain/brand';
import { compareNames } from '../../domain/text/number-format';
import type { CurrentUser } from '../../domain/users/current-user';
import { signUpReturnPath } from '../lib/sign-up-return';
import { paths } from '../paths';
import { accountLinkIcons, initialsOf } from './account-menu';
import { HedgerowLogo } from './hedgerow-logo';
import { type ProductGroupSection, topFamilies } from './product-group-nav';
import {
  accountLinks,
  cartsAndListsLinks,
  helpLinks,
  type ShellLink,
  supplierLinks,
  whyLinks,
} from './shell-links';

type Props = {
  opened: boolean;
  onClose: () => void;
  user: CurrentUser | null;
  unreadCount: number;
  productSections: ProductGroupSection[];
  onSignOut: () => void;
};

const helpIcons: Record<string, typeof IconHelpCircle> = {
  'How it Works': IconBook2,
  'Become a Supplier': IconPlant2,
  FAQs: IconHelpCircle,
  'Help Center': IconLifebuoy,
  'Contact Us': IconMessageCircle,
};

// Every row is at least 44 px tall so it is easy to tap.
const rowStyles = { root: { minHeight: 44, borderRadius: 'var(--mantine-radius-md)' } };

function MenuLink({
  link,
  onNavigate,
  icon,
  emphasis = false,
}: {
  link: ShellLink;
  onNavigate: () => void;
  icon?: ReactNode;
  emphasis?: boolean;
}) {
  if (link.external) {
    return (
      <NavLink
        component="a"
        href={link.to}
        target="_blank"
        rel="noreferrer"
        label={link.label}
        leftSection={icon}
        rightSection={
          <>
            <IconExternalLink size={14} aria-hidden />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </>
        }
        onClick={onNavigate}
        styles={rowStyles}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={link.to}
      label={link.label}
      leftSection={icon}
      onClick={onNavigate}
      styles={rowStyles}
      fw={emphasis ? 600 : undefined}
      c={emphasis ? 'hedge.7' : undefined}
    />
  );
}

function SubMenu({
  label,
  icon,
  childrenOffset = 34,
  children,
}: {
  label: string;
  icon?: ReactNode;
  childrenOffset?: number;
  children: ReactNode;
}) {
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={icon}
      childrenOffset={childrenOffset}
      styles={rowStyles}
    >
      {children}
    </NavLink>
  );
}

/** The slide-out menu below 1000 px (spec part 1 §2.2); it closes whenever the user navigates. */
export function MobileNav({ opened, onClose, user, unreadCount, productSections, onSignOut }: Props) {
  const iconProps = { size: 20, stroke: 1.6, 'aria-hidden': true } as const;
  const location = useLocation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={340}
      padding="md"
      title={<HedgerowLogo to={user ? paths.home : paths.landing} size="sm" />}
      closeButtonProps={{ 'aria-label': 'Close menu', size: 'lg' }}
    >
      <Box component="nav" aria-label="Main menu" data-testid="mobile-menu">
        <Stack gap={4}>
          {user ? (
            <>
              <Group gap="sm" wrap="nowrap" py="xs">
                <Avatar radius="xl" color="hedge" variant="filled">
                  {initialsOf(user)}
                </Avatar>
                <Box miw={0}>
                  <Text fw={600} size="sm" truncate>
                    {user.fullName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {user.organizationName ?? user.email}
                  </Text>
                </Box>
              </Group>
              {/* A suspended user (no_site_use) cannot start carts or lists. */}
              {user.status !== 'no_site_use' && (
                <>
                  <Button
                    component={Link}
                    to={paths.newCart}
                    onClick={onClose}
                    leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                    size="md"
                    fullWidth
                    mb="xs"
                  >
                    Start New Cart
                  </Button>
                  <SubMenu label="Carts & Lists" icon={<IconListDetails {...iconProps} />}>
                    {cartsAndListsLinks.map((link) => (
                      <MenuLink key={link.to} link={link} onNavigate={onClose} />
                    ))}
                  </SubMenu>
                </>
              )}
              <SubMenu label="My Account" icon={<IconUserCircle {...iconProps} />}>
                {accountLinks(user, 'mobile').map((link) => {
                  const Icon = accountLinkIcons[link.key];
                  return (
                    <MenuLink
                      key={link.key}
                      link={link}
                      onNavigate={onClose}
                      icon={<Icon size={18} stroke={1.6} />}
                    />
                  );
                })}
                <NavLink
                  component="button"
                  type="button"
                  label="Sign Out"
                  leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
                  onClick={() => {
                    onClose();
                    onSignOut();
                  }}
                  styles={rowStyles}
                />
              </SubMenu>
              {user.messagesEnabled && (
                <NavLink
                  component={Link}
                  to={paths.messages}
                  onClick={onClose}
                  label="Inbox"
                  leftSection={<IconInbox {...iconProps} />}
                  rightSection={
                    unreadCount > 0 ? (
                      <Badge color="red" circle={unreadCount < 10} data-testid="mobile-unread-count">
                        {unreadCount}
                        <VisuallyHidden> unread</VisuallyHidden>
                      </Badge>
                    ) : undefined
                  }
                  styles={rowStyles}
                />
              )}
            </>
          ) : (
            <Group grow gap="sm" mb="xs">
              <Button component={Link} to={paths.signIn()} onClick={onClose} variant="default" size="md">
                Sign In
              </Button>
              <Button
                component={Link}
                to={paths.signUp(signUpReturnPath(location))}
                onClick={onClose}
                size="md"
              >
                Sign Up
              </Button>
            </Group>
          )}

          <Divider my="xs" label="Browse" labelPosition="left" />
          {productSections.map((section) => (
            <SubMenu
              key={section.label}
              label={section.label}
              icon={section.label === 'Plants' ? <IconLeaf {...iconProps} /> : <IconShovel {...iconProps} />}
            >
              {section.groups.map((group) => (
                <SubMenu key={group.slug} label={group.name} childrenOffset={16}>
                  <MenuLink
                    link={{ label: `Shop all ${group.name}`, to: paths.productGroup(group.slug) }}
                    onNavigate={onClose}
                    emphasis
                  />
                  {topFamilies([group], 10)
                    .sort((a, b) => compareNames(a.name, b.name))
                    .map((family) => (
                      <MenuLink
                        key={family.slug}
                        link={{ label: family.name, to: paths.productFamily(group.slug, family.slug) }}
                        onNavigate={onClose}
                      />
                    ))}
                </SubMenu>
              ))}
            </SubMenu>
          ))}
          <SubMenu label="Browse by Suppliers" icon={<IconBuildingStore {...iconProps} />}>
            {supplierLinks.map((link) => (
              <MenuLink key={link.to} link={link} onNavigate={onClose} />
            ))}
          </SubMenu>
          {!user && (
            <SubMenu label={`Why ${productName}`} icon={<IconInfoCircle {...iconProps} />}>
              {whyLinks.map((link) => (
                <MenuLink key={link.label} link={link} onNavigate={onClose} />
              ))}
            </SubMenu>
          )}

          <Divider my="xs" label="Help" labelPosition="left" />
          {helpLinks.map((link) => {
            const Icon = helpIcons[link.label] ?? IconHelpCircle;
            return (
              <MenuLink key={link.label} link={link} onNavigate={onClose} icon={<Icon {...iconProps} />} />
            );
          })}
        </Stack>
      </Box>
    </Drawer>
  );
}
