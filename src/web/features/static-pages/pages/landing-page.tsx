import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconScale,
  IconSearch,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { productName } from '../../../../domain/brand';
import type { MarketplaceFigures } from '../../../../domain/marketing/marketplace-figures';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { HeaderSearchBox } from '../../../shell/header-search-box';
import { PageLoader } from '../../../shell/route-guards';
import { useMarketplaceFigures } from '../api/marketplace-figures';
import { TestimonialsSection } from '../components/testimonials-section';

const valueCards = [
  {
    icon: IconSearch,
    title: 'Search live availability',
    text: 'Look up trees, shrubs, perennials and hard goods by botanical or common name and see what branches near your job have on hand today.',
  },
  {
    icon: IconScale,
    title: 'Compare suppliers',
    text: 'Put sizes, price tiers and distance side by side across growers and distributors, with your trade discounts applied.',
  },
  {
    icon: IconFileSpreadsheet,
    title: 'HubSheets: upload your list',
    text: 'Drop in the .csv, .xls or .xlsx plant list from your plans. We match every line to products in stock, ready to price.',
  },
  {
    icon: IconBuildingWarehouse,
    title: 'Order by branch',
    text: 'Submit one cart and it becomes a purchase order for each supplier branch, each confirmed and tracked in one place.',
  },
];

const count = (value: number, one: string, many: string) =>
  `${formatNumber(value)} ${value === 1 ? one : many}`;

/** The hero's points; the marketplace's size is counted from the data (a neutral line while it loads). */
function heroPoints(figures: MarketplaceFigures | undefined) {
  return [
    'Live availability by branch',
    figures && figures.suppliers > 0
      ? `${count(figures.suppliers, 'wholesale supplier', 'wholesale suppliers')} in ${count(figures.states, 'state', 'states')}`
      : 'Wholesale suppliers near your jobs',
    figures && figures.products > 0
      ? `${count(figures.products, 'product', 'products')} in stock at ${count(figures.branches, 'branch', 'branches')}`
      : 'Verified trade pricing',
  ];
}

const steps = [
  {
    title: 'Search or upload',
    text: 'Look up products by name, or upload the plant list from your plans as a HubSheet.',
  },
  {
    title: 'Compare branches',
    text: 'See availability, sizes and prices from nursery and distributor branches near the job.',
  },
  {
    title: 'Submit one cart',
    text: 'We split it into a purchase order for each branch and keep you posted until delivery.',
  },
];

/** The three steps beside the hero, on wide screens only. */
function HowItWorksCard() {
  return (
    <Paper visibleFrom="md" shadow="md" radius="lg" p="xl" w={400} style={{ flexShrink: 0 }}>
      <Text fw={700} c="hedge.9" mb="lg" tt="uppercase" size="sm" style={{ letterSpacing: '0.06em' }}>
        How it works
      </Text>
      <Stack gap="lg">
        {steps.map((step, index) => (
          <Group key={step.title} gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={36} radius="xl" aria-hidden>
              <Text fw={700} size="sm">
                {index + 1}
              </Text>
            </ThemeIcon>
            <div>
              <Text fw={700}>{step.title}</Text>
              <Text size="sm" c="dark.5" lh={1.5}>
                {step.text}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** `/`: the visitor's landing page; signed-in users go straight to their home dashboard. */
export function LandingPage() {
  const { user, isPending } = useCurrentUser();
  const figures = useMarketplaceFigures();

  useEffect(() => {
    document.title = `${productName} — the wholesale marketplace for landscape materials`;
    return () => {
      document.title = productName;
    };
  }, []);

  if (isPending) return <PageLoader />;
  if (user) return <Navigate to={paths.home} replace />;

  return (
    <>
      <Box
        py={{ base: 40, md: 80 }}
        style={{
          background:
            'linear-gradient(160deg, var(--mantine-color-hedge-0) 0%, var(--mantine-color-hedge-1) 55%, var(--mantine-color-hedge-2) 100%)',
        }}
      >
        <Container size="xl">
          <Group align="center" justify="space-between" gap={48} wrap="nowrap">
            <Stack gap="lg" maw={700} style={{ flex: 1, minWidth: 0 }}>
              <Badge variant="white" color="hedge.8" size="lg" radius="sm" w="fit-content">
                For landscape professionals
              </Badge>
              <Title
                order={1}
                c="hedge.9"
                fz={{ base: 32, sm: 44, md: 54 }}
                lh={1.1}
                style={{ letterSpacing: '-0.02em' }}
              >
                Plants and hard goods for every job, from the branches near it.
              </Title>
              <Text fz={{ base: 'md', md: 'xl' }} c="dark.6" lh={1.6}>
                {productName} is the wholesale marketplace where contractors find, price and order plants and
                hard goods from nursery and distributor branches — and turn spreadsheet plant lists into
                priced orders in minutes.
              </Text>
              <Box data-testid="landing-search" maw={640}>
                <HeaderSearchBox size="lg" />
              </Box>
              <Group gap="md" align="center">
                <Button component={Link} to={paths.signUp()} size="lg">
                  Sign Up
                </Button>
                <Text c="dark.6">
                  Already have an account?{' '}
                  <Anchor component={Link} to={paths.signIn()} fw={600} display="inline-block" py={10}>
                    Sign in
                  </Anchor>
                </Text>
              </Group>
              <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {heroPoints(figures.data).map((point) => (
                  <Group key={point} component="li" gap={6} wrap="nowrap" data-testid="landing-hero-point">
                    <IconCircleCheck size={18} color="var(--mantine-color-hedge-8)" aria-hidden />
                    <Text size="sm" fw={500} c="hedge.9">
                      {point}
                    </Text>
                  </Group>
                ))}
              </Group>
            </Stack>
            <HowItWorksCard />
          </Group>
        </Container>
      </Box>

      <Container size="xl" py={{ base: 48, md: 72 }}>
        <Stack gap={6} mb="xl" maw={640}>
          <Title order={2} c="hedge.9" fz={{ base: 26, md: 34 }}>
            Everything between the plan and the truck
          </Title>
          <Text c="dimmed" size="lg">
            One account for sourcing, pricing and ordering across every supplier you buy from.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {valueCards.map(({ icon: Icon, title, text }) => (
            <Paper key={title} withBorder radius="md" p="lg" shadow="xs">
              <ThemeIcon size={48} radius="md" variant="light" mb="md" aria-hidden>
                <Icon size={26} stroke={1.7} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {title}
              </Title>
              <Text size="sm" c="dark.5" lh={1.6}>
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>

      <TestimonialsSection />

      <Box
        bg="gray.0"
        py={{ base: 40, md: 64 }}
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="xl">
          <Paper radius="lg" p={{ base: 'lg', md: 40 }} bg="hedge.8" c="white">
            <Group justify="space-between" align="center" gap="lg">
              <Stack gap={6} maw={620}>
                <Title order={2} fz={{ base: 24, md: 30 }}>
                  Grow or distribute landscape material?
                </Title>
                <Text c="hedge.0" lh={1.6}>
                  List your availability from every branch, reach verified trade buyers and receive clean
                  purchase orders you can confirm in a click.
                </Text>
              </Stack>
              <Button component={Link} to={paths.becomeSupplier} size="lg" color="yellow.5" c="dark.9">
                Sell on {productName}
              </Button>
            </Group>
          </Paper>
        </Container>
      </Box>
    </>
  );
}
