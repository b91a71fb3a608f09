import { ActionIcon, Anchor, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { dashboardLimits } from '../../../../domain/dashboard/dashboard-layout';
import { paths } from '../../../paths';
import { mobileBreakpointPx } from '../../../theme';
import { favoriteBranchesQueryOptions, shopSuppliersQueryOptions } from '../api/dashboard-api';
import { DashboardPanel, PanelState } from './dashboard-panel';
import { DashboardSupplierCard } from './supplier-card';

/** Favourite suppliers, 6 cards a slide on desktop and one on mobile. */
function FavoritesCarousel({ ids }: { ids: number[] }) {
  const isDesktop = useMediaQuery(`(min-width: ${mobileBreakpointPx}px)`, true);
  const perSlide = isDesktop ? dashboardLimits.favoritesPerSlide : 1;
  const query = useQuery(favoriteBranchesQueryOptions(ids));
  const [slide, setSlide] = useState(0);
  // Favourites in the order they were starred would need another call; by name reads well.
  const branches = query.data?.results ?? [];
  const slides = Math.max(1, Math.ceil(branches.length / perSlide));
  const current = Math.min(slide, slides - 1);
  return (
    <section aria-label="Favorite Suppliers" data-testid="favorite-suppliers">
      <Group justify="space-between" mt="lg" mb="xs">
        <Title order={3} size="h5">
          Favorite Suppliers
        </Title>
        <Group gap="xs">
          <Anchor component={Link} to={paths.favoriteSuppliers} size="sm" fw={600}>
            Manage
          </Anchor>
          {slides > 1 && (
            <>
              <ActionIcon
                variant="default"
                aria-label="Previous favorite suppliers"
                onClick={() => setSlide((current - 1 + slides) % slides)}
              >
                <IconChevronLeft size={16} />
              </ActionIcon>
              <Text size="xs" c="dimmed">
                {current + 1} / {slides}
              </Text>
              <ActionIcon
                variant="default"
                aria-label="Next favorite suppliers"
                onClick={() => setSlide((current + 1) % slides)}
              >
                <IconChevronRight size={16} />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
      <PanelState
        isPending={query.isPending}
        error={query.error}
        title="Your favorite suppliers could not be loaded"
        onRetry={() => void query.refetch()}
        rows={1}
      />
      {ids.length === 0 && (
        <Text size="sm" c="dimmed">
          Star a supplier to keep it here.{' '}
          <Anchor component={Link} to={paths.suppliers}>
            Browse the supplier directory
          </Anchor>
        </Text>
      )}
      {branches.length > 0 && (
        <SimpleGrid cols={isDesktop ? 3 : 1} spacing="sm">
          {branches.slice(current * perSlide, current * perSlide + perSlide).map((branch) => (
            <DashboardSupplierCard key={branch.id} branch={branch} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/**
 * Shop Suppliers (part 1 §2.1): up to 4 branches from recent orders, else up to 4 near the default
 * postal code; then the favourites carousel.
 */
export function ShopSuppliersCard({ favoriteIds }: { favoriteIds: number[] }) {
  const query = useQuery(shopSuppliersQueryOptions());
  const data = query.data;
  return (
    <DashboardPanel
      title="Shop Suppliers"
      viewAllTo={paths.suppliers}
      viewAllLabel="Supplier Directory"
      testId="shop-suppliers"
    >
      <PanelState
        isPending={query.isPending}
        error={query.error}
        title="Suppliers could not be loaded"
        onRetry={() => void query.refetch()}
        rows={1}
      />
      {data && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {data.source === 'recent_orders'
              ? 'Suppliers from your recent orders'
              : data.source === 'nearby'
                ? `Suppliers near ${data.postalCode}`
                : 'Set a default zip code in your preferences to see suppliers near you.'}
          </Text>
          {data.results.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {data.results.map((branch) => (
                <DashboardSupplierCard key={branch.id} branch={branch} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      <FavoritesCarousel ids={favoriteIds} />
    </DashboardPanel>
  );
}
