import { Anchor, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLeaf, IconMessageCircle, IconSearchOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { productName, supportContact } from '../../../../domain/brand';
import { paths } from '../../../paths';

/** Before any search: how to search (no query and no filters). */
export function StartSearchCard() {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="search-start">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconLeaf size={24} aria-hidden />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={2} size="h4">
            Find plants and hard goods from wholesale suppliers
          </Title>
          <Text c="dimmed">
            Search by botanical name (<em>Acer rubrum</em>), common name (red maple) or trade name, then
            narrow by container size, dig status, brand and availability.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** No results for the query and filters, with tips and a way out (spec part 2 §2 empty states). */
export function NoResultsCard({
  query,
  hasFilters,
  onClearFilters,
  signedIn,
}: {
  query: string;
  hasFilters: boolean;
  onClearFilters: () => void;
  signedIn: boolean;
}) {
  const location = useLocation();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="search-no-results">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray">
            <IconSearchOff size={22} aria-hidden />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h4">
              {hasFilters
                ? 'No products match your criteria'
                : query
                  ? `Your search ${query} did not match any results.`
                  : 'No products found'}
            </Title>
            {query && hasFilters && <Text c="dimmed">“{query}” did not match any results.</Text>}
          </Stack>
        </Group>
        <Text fw={600} size="sm">
          Search tips
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Check the spelling, or try the botanical name instead of the common one.</List.Item>
          <List.Item>Use fewer words: “maple” finds more than “red sunset maple 3in”.</List.Item>
          {hasFilters && <List.Item>Remove a filter or two to widen the results.</List.Item>}
        </List>
        {hasFilters && (
          <Group>
            <Button variant="light" onClick={onClearFilters}>
              Reset Filters
            </Button>
          </Group>
        )}
        {!signedIn && (
          <Text size="sm" data-testid="search-join-prompt">
            Wholesale buyer?{' '}
            <Anchor component={Link} to={paths.signUp(location.pathname + location.search)} fw={600}>
              Join {productName}
            </Anchor>{' '}
            to see prices and stock from suppliers near your jobs.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The sourcing offer shown with results (spec part 2 §2: 'Need help finding this?', over 150 wholesale distributors). */
export function SourcingCard() {
  return (
    <Paper p="lg" radius="md" bg="hedge.0" data-testid="sourcing-card">
      <Group justify="space-between" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={40} radius="xl" variant="white">
            <IconMessageCircle size={22} aria-hidden />
          </ThemeIcon>
          <Text>
            <Text span fw={700}>
              Need help finding this?
            </Text>{' '}
            Our team sources from over 150 wholesale distributors.
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            component="a"
            href={`mailto:${supportContact.email}?subject=${encodeURIComponent('Help finding a product')}`}
            variant="white"
          >
            Email Us
          </Button>
          <Button component="a" href={supportContact.phoneHref} variant="subtle">
            {supportContact.phone}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type SupplierNotice = { key: string; title: string; text: string; action: React.ReactNode };

/**
 * Info cards for the supplier filter (spec part 2 §2): why 'My Favorites' or 'In Active Cart' can
 * find nothing (no favourite suppliers, no cart, an empty cart), and 'No supplier listings match your
 * criteria' with 'Reset filters' when the chosen suppliers list none of the results.
 */
export function SupplierFilterNotices({
  favorites,
  activeCart,
  hasFavorites,
  cartItemsCount,
  noResults,
  onResetSuppliers,
}: {
  favorites: boolean;
  activeCart: boolean;
  hasFavorites: boolean;
  /** null: the user has no active cart; undefined: not known yet. */
  cartItemsCount: number | null | undefined;
  noResults: boolean;
  onResetSuppliers: () => void;
}) {
  const notices: SupplierNotice[] = [];
  if (favorites && !hasFavorites) {
    notices.push({
      key: 'no-favorites',
      title: 'You have no favorite suppliers yet',
      text: 'Star suppliers in the directory to see only their listings with My Favorites.',
      action: (
        <Button component={Link} to={paths.suppliers} variant="light" size="xs">
          Find Suppliers
        </Button>
      ),
    });
  }
  if (activeCart && cartItemsCount === null) {
    notices.push({
      key: 'no-cart',
      title: 'You have no active cart',
      text: 'Start a cart to see the listings of the suppliers in it with In Active Cart.',
      action: (
        <Button component={Link} to={paths.newCart} variant="light" size="xs">
          Start New Cart
        </Button>
      ),
    });
  }
  if (activeCart && cartItemsCount === 0) {
    notices.push({
      key: 'empty-cart',
      title: 'Your active cart is empty',
      text: 'Add items to your cart; In Active Cart then shows the listings of its suppliers.',
      action: null,
    });
  }
  if (noResults) {
    notices.push({
      key: 'no-listings',
      title: 'No supplier listings match your criteria',
      text: 'None of the suppliers you chose list these products.',
      action: (
        <Button variant="light" size="xs" onClick={onResetSuppliers}>
          Reset filters
        </Button>
      ),
    });
  }
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="supplier-filter-notices">
      {notices.map((notice) => (
        <Paper key={notice.key} withBorder p="md" radius="md" data-testid={`supplier-notice-${notice.key}`}>
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ flex: '1 1 260px' }}>
              <Text fw={700}>{notice.title}</Text>
              <Text size="sm" c="dimmed">
                {notice.text}
              </Text>
            </Stack>
            {notice.action}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
