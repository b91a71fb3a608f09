import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of a suppliers or brands page: a centred column with a title and an optional line under it. */
export function PageFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box maw={1200} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Stack gap={4} mb="lg">
        <Box
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 12,
            justifyContent: 'space-between',
            alignItems: 'flex-end',
          }}
        >
          <Box style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" mt={4}>
                {subtitle}
              </Text>
            )}
          </Box>
          {actions}
        </Box>
      </Stack>
      {children}
    </Box>
  );
}
