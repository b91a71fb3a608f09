import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Group,
  Indicator,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconExternalLink,
  IconFileSpreadsheet,
  IconMail,
  IconShoppingCartPlus,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isStaff } from '../../domain/access';
import { canUseBeehive } from '../../domain/admin/beehive-access';
import { productName } from '../../domain/brand';
import { compareNames } from '../../domain/text/number-format';
import type { CurrentUser } from '../../domain/users/current-user';
import { useCurrentUser } from '../api/current-user';
import { HeaderCartButton } from '../features/carts/components/header-cart-button';
import { signUpReturnPath } from '../lib/sign-up-return';
import { paths } from '../paths';
import { mobileBreakpointPx } from '../theme';
import { AccountMenu, useSignOutAndLeave } from './account-menu';
import { CompanyProfilePrompt, PendingMembershipNote } from './company-profile-prompt';
import { HeaderSearchBox } from './header-search-box';
import { HedgerowLogo } from './hedgerow-logo';
import { MobileNav } from './mobile-nav';
import {
  type ProductGroupSection,
  productGroupSections,
  topFamilies,
  useProductGroupNav,
} from './product-group-nav';
import { cartsAndListsLinks, helpLinks, type ShellLink, supplierLinks, whyLinks } from './shell-links';
import { useUnreadMessageCount } from './use-unread-message-count';

const mobileQuery = `(max-width: ${mobileBreakpointPx - 1}px)`;

/** A dropdown of the desktop navigation row; it opens on hover or click and works with the keyboard. */
function NavMenu({ label, links }: { label: string; links: ShellLink[] }) {
  return (
    <Menu
      trigger="click-hover"
      openDelay={60}
      closeDelay={160}
      position="bottom-start"
      shadow="md"
      width={230}
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="dark.7"
          h={40}
          px="sm"
          fw={600}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) =>
          link.external ? (
            <Menu.Item key={link.label} component="a" href={link.to} target="_blank" rel="noreferrer">
              {link.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={link.label} component={Link} to={link.to}>
              {link.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

const loadingSections: ProductGroupSection[] = [
  { label: 'Plants', groups: [] },
  { label: 'Hard Goods', groups: [] },
];

// The families a group's column lists: those with most products, by name; 'Shop all' has the rest.
const familiesPerGroup = 10;

/**
 * The Plants or Hard Goods dropdown: a column per product group (part 1 §2.3: Trees, Shrubs,
 * Perennials & Grasses…) listing its main families below a 'Shop all' link to the whole group.
 */
function ProductGroupMenu({ section }: { section: ProductGroupSection }) {
  const columns = Math.min(section.groups.length, 4);
  // Fewer columns leave room for long group names on one line.
  const columnWidth = columns < 4 ? 320 : 240;
  return (
    <Menu
      trigger="click-hover"
      openDelay={60}
      closeDelay={160}
      position="bottom-start"
      shadow="md"
      width={columns * columnWidth + 8}
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="dark.7"
          h={40}
          px="sm"
          fw={600}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {section.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`product-group-menu-${section.label}`}>
        <SimpleGrid cols={columns} spacing={0}>
          {section.groups.map((group) => (
            <Stack key={group.slug} gap={0} miw={0}>
              <Menu.Label fw={700} c="hedge.8" fz="xs" tt="uppercase">
                {group.name}
              </Menu.Label>
              <Menu.Item component={Link} to={paths.productGroup(group.slug)} fw={600} c="hedge.7" py={6}>
                Shop all {group.name}
              </Menu.Item>
              <Box>
                {topFamilies([group], familiesPerGroup)
                  .sort((a, b) => compareNames(a.name, b.name))
                  .map((family) => (
                    <Menu.Item
                      key={family.slug}
                      component={Link}
                      to={paths.productFamily(group.slug, family.slug)}
                      py={6}
                    >
                      {family.name}
                    </Menu.Item>
                  ))}
              </Box>
            </Stack>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The envelope to the inbox, with a red dot while unread messages exist. */
function MessagesLink({ unreadCount }: { unreadCount: number }) {
  const label = unreadCount > 0 ? `Messages (${unreadCount} unread)` : 'Messages';
  return (
    <Indicator
      color="red"
      size={10}
      offset={8}
      disabled={unreadCount === 0}
      withBorder
      data-testid="messages-unread-dot"
    >
      <ActionIcon
        component={Link}
        to={paths.messages}
        variant="subtle"
        color="gray"
        c="dark.7"
        size={44}
        aria-label={label}
      >
        <IconMail size={24} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}

/** The thin row of help links above the desktop header. */
function TopLinks() {
  return (
    <Box bg="hedge.9">
      <Container size="xl">
        <Group h={34} justify="space-between" wrap="nowrap">
          <Text size="xs" c="hedge.1" truncate>
            The wholesale marketplace for landscape professionals
          </Text>
          <Group component="nav" aria-label="Help" gap="lg" wrap="nowrap">
            {helpLinks.map((link) =>
              link.external ? (
                <Anchor
                  key={link.label}
                  href={link.to}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  c="white"
                  underline="hover"
                >
                  <Group gap={3} wrap="nowrap" component="span">
                    {link.label}
                    <IconExternalLink size={11} aria-hidden />
                    <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                  </Group>
                </Anchor>
              ) : (
                <Anchor key={link.label} component={Link} to={link.to} size="xs" c="white" underline="hover">
                  {link.label}
                </Anchor>
              ),
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

type LayoutProps = {
  user: CurrentUser | null;
  isPending: boolean;
  unreadCount: number;
  productSections: ProductGroupSection[];
  onSignOut: () => void;
};

function DesktopHeader({ user, isPending, unreadCount, productSections, onSignOut }: LayoutProps) {
  const location = useLocation();
  const suspended = user?.status === 'no_site_use';
  return (
    <>
      <TopLinks />
      <Container size="xl">
        <Group h={72} gap="xl" wrap="nowrap">
          <HedgerowLogo to={user ? paths.home : paths.landing} />
          <Box style={{ flex: 1, maxWidth: 640 }}>
            <HeaderSearchBox />
          </Box>
          <Group ml="auto" gap="xs" wrap="nowrap">
            {!isPending && user && (
              <>
                {user.messagesEnabled && <MessagesLink unreadCount={unreadCount} />}
                <HeaderCartButton />
                <AccountMenu user={user} onSignOut={onSignOut} />
              </>
            )}
            {!isPending && !user && (
              <>
                <Anchor component={Link} to={paths.signIn()} fw={600} c="dark" px="sm" py={10}>
                  Sign in
                </Anchor>
                <Button component={Link} to={paths.signUp(signUpReturnPath(location))} h={40}>
                  Sign Up
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
      <Box style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="xl">
          <Group component="nav" aria-label="Main" h={52} justify="space-between" wrap="nowrap">
            <Group gap={2} wrap="nowrap" ml={-12}>
              {/* While the groups load, the two menus hold their place (the links beside them do not jump). */}
              {(productSections.length > 0 ? productSections : loadingSections).map((section) => (
                <ProductGroupMenu key={section.label} section={section} />
              ))}
              <NavMenu label="Browse by Suppliers" links={supplierLinks} />
              {!isPending && user && !suspended && (
                <NavMenu label="Carts & Lists" links={cartsAndListsLinks} />
              )}
              {!isPending && !user && <NavMenu label={`Why ${productName}`} links={whyLinks} />}
            </Group>
            {/* A suspended user (no_site_use) cannot start carts or lists: no buttons that lead nowhere. */}
            {!isPending && user && !suspended && (
              <Group gap="xs" wrap="nowrap">
                <Button
                  component={Link}
                  to={paths.newHubsheet}
                  variant="subtle"
                  h={40}
                  leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                >
                  Upload a List
                </Button>
                <Button
                  component={Link}
                  to={paths.newCart}
                  h={40}
                  leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                >
                  Start New Cart
                </Button>
              </Group>
            )}
          </Group>
        </Container>
      </Box>
    </>
  );
}

function MobileHeader({
  user,
  drawerOpened,
  onToggleDrawer,
}: {
  user: CurrentUser | null;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}) {
  return (
    <Container size="xl" px="sm" py={8}>
      <Group gap="xs" wrap="nowrap" h={48}>
        <Burger
          opened={drawerOpened}
          onClick={onToggleDrawer}
          aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
          aria-expanded={drawerOpened}
          size="sm"
          w={44}
          h={44}
          data-testid="mobile-menu-button"
        />
        <HedgerowLogo to={user ? paths.home : paths.landing} size="sm" />
        <Box ml="auto">
          <HeaderCartButton />
        </Box>
      </Group>
      <Box mt={6}>
        <HeaderSearchBox />
      </Box>
    </Container>
  );
}

/** The site header (spec part 1 §2.2): a full navigation from 1000 px up, a burger and slide-out menu below. */
export function Header() {
  const { user, isPending } = useCurrentUser();
  const isMobile = useMediaQuery(mobileQuery, undefined, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  // The slide-out menu (a drawer of every product group) is built on its first opening, not with every page.
  // It is mounted closed first and opened on the next render, so the first opening slides in too.
  const [drawerRequested, setDrawerRequested] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (drawerOpened && !drawerRequested) setDrawerRequested(true);
  useEffect(() => {
    if (drawerRequested) setDrawerMounted(true);
  }, [drawerRequested]);
  const location = useLocation();
  const unreadCount = useUnreadMessageCount();
  const { signOutAndLeave } = useSignOutAndLeave();
  const productGroups = useProductGroupNav();
  const productSections = productGroupSections(productGroups);

  // Any navigation (a link, a search, the back button) closes the slide-out menu, and so does crossing
  // the breakpoint.
  const { close: closeDrawer } = drawer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location and width are the triggers, not inputs
  useEffect(() => {
    closeDrawer();
  }, [location.key, isMobile, closeDrawer]);

  const onSignOut = () => void signOutAndLeave();

  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {isMobile ? (
        <MobileHeader user={user} drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
      ) : (
        <DesktopHeader
          user={user}
          isPending={isPending}
          unreadCount={unreadCount}
          productSections={productSections}
          onSignOut={onSignOut}
        />
      )}
      {/* Staff belong to no customer company: no prompt for them. */}
      {user && !user.organizationId && !isStaff(user) && !canUseBeehive(user) && (
        <Box bg="yellow.0" style={{ borderTop: '1px solid var(--mantine-color-yellow-2)' }}>
          {user.pendingOrganizationName ? (
            <PendingMembershipNote organizationName={user.pendingOrganizationName} />
          ) : (
            <CompanyProfilePrompt />
          )}
        </Box>
      )}
      {isMobile && drawerRequested && (
        <MobileNav
          opened={drawerOpened && drawerMounted}
          onClose={drawer.close}
          user={isPending ? null : user}
          unreadCount={unreadCount}
          productSections={productSections}
          onSignOut={onSignOut}
        />
      )}
    </Box>
  );
}
