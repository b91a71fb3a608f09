import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Card width in px; sign-in and password pages use the narrow default. */
  width?: number;
  children: ReactNode;
  /** Links under the card (sign up, sign in). */
  footer?: ReactNode;
};

/** The centred card around the sign-in, sign-up and password forms. */
export function AuthCard({ title, subtitle, width = 480, children, footer }: AuthCardProps) {
  return (
    <Box bg="gray.0" px="md" py={{ base: 32, sm: 56 }} style={{ minHeight: '100%' }}>
      <Box maw={width} mx="auto">
        <Stack align="center" gap={6} mb="lg" ta="center">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconLeaf size={24} stroke={1.75} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" maw={420}>
              {subtitle}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="xs" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
        {footer && (
          <Text ta="center" size="sm" mt="lg">
            {footer}
          </Text>
        )}
      </Box>
    </Box>
  );
}
