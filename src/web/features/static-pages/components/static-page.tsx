import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { productName } from '../../../../domain/brand';

type Props = {
  title: string;
  /** One line under the title. */
  lead?: ReactNode;
  children: ReactNode;
  /** Wider pages (team cards, landing-like layouts) use `lg`. */
  size?: 'md' | 'lg';
};

/** The frame of every information page: a title band and a readable column; scrolls to `#anchors`. */
export function StaticPage({ title, lead, children, size = 'md' }: Props) {
  const { hash } = useLocation();
  const width = size === 'md' ? 800 : 'lg';

  useEffect(() => {
    document.title = `${title} | ${productName}`;
    return () => {
      document.title = productName;
    };
  }, [title]);

  // Links such as /about#careers land on their section, also when the page was already open.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      <Box
        bg="hedge.0"
        py={{ base: 32, md: 48 }}
        style={{ borderBottom: '1px solid var(--mantine-color-hedge-1)' }}
      >
        <Container size={width}>
          <Title order={1} c="hedge.9" fz={{ base: 30, md: 40 }}>
            {title}
          </Title>
          {lead && (
            <Text size="lg" c="dark.5" mt="sm" maw={680}>
              {lead}
            </Text>
          )}
        </Container>
      </Box>
      <Container size={width} py={{ base: 32, md: 48 }}>
        <Stack gap={40}>{children}</Stack>
      </Container>
    </>
  );
}

/** A titled section of an information page; `id` makes it a link target. */
export function PageSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      id={id}
      style={{ scrollMarginTop: 16 }}
      aria-labelledby={id ? `${id}-title` : undefined}
    >
      <Title order={2} fz={{ base: 22, md: 26 }} c="hedge.9" mb="sm" id={id ? `${id}-title` : undefined}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}
