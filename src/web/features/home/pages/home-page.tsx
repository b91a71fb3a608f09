import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBookmark,
  IconBuildingStore,
  IconChevronRight,
  IconFileSpreadsheet,
  IconInfoCircle,
  IconSearch,
  IconShoppingCart,
} from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { useCurrentUser } from '../../auth/api/current-user';
import { CompanyProfileModal } from '../../organizations/components/company-profile-modal';
import classes from './home-page.module.css';

/** 'morning' before noon, 'afternoon' until 6 pm, else 'evening', by the visitor's own clock. */
function partOfDay(date: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = date.getHours();
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

type QuickLink = {
  label: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
};

const quickLinks: QuickLink[] = [
  {
    label: 'Search products',
    description: 'Find plants and hard goods by botanical or common name.',
    to: paths.search(),
    icon: IconSearch,
  },
  {
    label: 'Start a cart',
    description: 'Collect items for a job and compare suppliers.',
    to: paths.newCart,
    icon: IconShoppingCart,
  },
  {
    label: 'Upload a list',
    description: 'Turn a .csv, .xls or .xlsx material list into products.',
    to: paths.newHubsheet,
    icon: IconFileSpreadsheet,
  },
  {
    label: 'Saved carts',
    description: 'Pick up a quote where you left it.',
    to: paths.carts,
    icon: IconBookmark,
  },
];

function QuickLinkCard({ link }: { link: QuickLink }) {
  const Icon = link.icon;
  return (
    <Card component={Link} to={link.to} withBorder radius="md" padding="lg" className={classes.quickLink}>
      {/* A compact row on phones, a tall tile from the small breakpoint up. */}
      <Flex
        direction={{ base: 'row', sm: 'column' }}
        gap="md"
        align={{ base: 'center', sm: 'flex-start' }}
        h="100%"
      >
        <ThemeIcon size={42} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
          <Icon size={22} stroke={1.75} />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text fw={700}>{link.label}</Text>
          <Text size="sm" c="dimmed" mt={2}>
            {link.description}
          </Text>
        </div>
        <Group gap={4} aria-hidden visibleFrom="sm">
          <Text size="sm" fw={600} c="hedge.8">
            Open
          </Text>
          <IconArrowRight size={16} color="var(--mantine-color-hedge-8)" />
        </Group>
        <IconChevronRight
          size={18}
          color="var(--mantine-color-gray-5)"
          aria-hidden
          className={classes.chevron}
        />
      </Flex>
    </Card>
  );
}

/** /home and /dashboard: a greeting, the user's company and the main ways in, until the full dashboard. */
export function HomePage() {
  const { user } = useCurrentUser();
  const [companyModalOpened, setCompanyModalOpened] = useState(false);
  if (!user) return null;

  return (
    <Box>
      <Box bg="hedge.0" py={{ base: 28, sm: 44 }}>
        <Container size="lg">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Good {partOfDay(new Date())}, {user.firstName}
          </Title>
          <Text c="dimmed" mt={4} size="lg">
            {user.organizationName ?? 'Welcome to Hedgerow'}
          </Text>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 'lg', sm: 36 }}>
        <Stack gap="xl">
          {user.status === 'approved_for_site_use_only' && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              title="We're verifying your business"
            >
              Meanwhile you can search, see prices and build carts. Submitting orders opens as soon as we've
              confirmed you're a wholesale buyer.
            </Alert>
          )}

          {!user.organizationId && (
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
                <Button onClick={() => setCompanyModalOpened(true)}>Complete your company profile</Button>
              </Group>
            </Card>
          )}

          <section aria-labelledby="home-quick-links">
            <Title order={2} size="h4" id="home-quick-links" mb="md">
              Get started
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              {quickLinks.map((link) => (
                <QuickLinkCard key={link.label} link={link} />
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>

      {/* Saving refreshes the current user (useSaveCompany), so this page shows the new company at once. */}
      <CompanyProfileModal
        opened={companyModalOpened}
        onClose={() => setCompanyModalOpened(false)}
        onSaved={() => setCompanyModalOpened(false)}
      />
    </Box>
  );
}
