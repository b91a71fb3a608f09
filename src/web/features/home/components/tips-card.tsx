import { Box, Button, Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconFileSpreadsheet,
  IconFilter,
  IconSearch,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { mobileBreakpointPx } from '../../../theme';

type Tip = { title: string; text: string; icon: typeof IconSearch; desktopOnly?: boolean };

// Part 1 §2.1: four slides; the Hubsheets one is for desktop only.
const tips: Tip[] = [
  {
    title: 'Search by botanical or common name',
    text: "Type 'Acer rubrum' or 'red maple': either finds the plant and every size suppliers list.",
    icon: IconSearch,
  },
  {
    title: 'Filter by location, size or suppliers',
    text: 'Narrow results to suppliers near your job, the container size you need, or the suppliers you trust.',
    icon: IconFilter,
  },
  {
    title: 'Save items to a cart',
    text: 'Collect what a job needs in a cart, compare prices across suppliers, and submit when ready.',
    icon: IconShoppingCart,
  },
  {
    title: 'Upload your lists as Hubsheets',
    text: 'Turn a .csv, .xls or .xlsx material list into matched products in one step.',
    icon: IconFileSpreadsheet,
    desktopOnly: true,
  },
];

/** Onboarding tips for users who are not activated and not suppliers, with Start Searching. */
export function TipsCard() {
  const isDesktop = useMediaQuery(`(min-width: ${mobileBreakpointPx}px)`, true);
  const slides = tips.filter((tip) => isDesktop || !tip.desktopOnly);
  const [index, setIndex] = useState(0);
  const current = slides[Math.min(index, slides.length - 1)];
  const Icon = current.icon;
  const go = (step: number) => setIndex((index + step + slides.length) % slides.length);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      bg="hedge.0"
      data-testid="tips-card"
      component="section"
      aria-label="Tips"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md" style={{ flex: 1 }}>
          <ThemeIcon size={48} radius="xl" aria-hidden style={{ flexShrink: 0 }}>
            <Icon size={26} />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1 }} aria-live="polite">
            <Text size="xs" tt="uppercase" fw={700} c="hedge.8">
              Tip {Math.min(index, slides.length - 1) + 1} of {slides.length}
            </Text>
            <Title order={2} size="h4" data-testid="tip-title">
              {current.title}
            </Title>
            <Text size="sm" c="dark.5">
              {current.text}
            </Text>
          </Stack>
        </Group>
      </Group>
      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Group gap={6}>
          <UnstyledButton aria-label="Previous tip" onClick={() => go(-1)} p={4}>
            <IconChevronLeft size={20} />
          </UnstyledButton>
          {slides.map((tip, position) => (
            <UnstyledButton
              key={tip.title}
              aria-label={`Tip ${position + 1}`}
              aria-current={position === index}
              onClick={() => setIndex(position)}
              p={4}
            >
              <Box
                w={8}
                h={8}
                style={{
                  borderRadius: 4,
                  background:
                    position === index ? 'var(--mantine-color-hedge-7)' : 'var(--mantine-color-gray-4)',
                }}
              />
            </UnstyledButton>
          ))}
          <UnstyledButton aria-label="Next tip" onClick={() => go(1)} p={4}>
            <IconChevronRight size={20} />
          </UnstyledButton>
        </Group>
        <Button component={Link} to={paths.search()} leftSection={<IconSearch size={16} />}>
          Start Searching
        </Button>
      </Group>
    </Card>
  );
}
