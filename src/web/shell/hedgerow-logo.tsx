import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { productName } from '../../domain/brand';

type Props = {
  /** Where the logo leads: the landing page for visitors, home for signed-in users. */
  to: string;
  /** `light` for dark backgrounds such as the footer. */
  tone?: 'dark' | 'light';
  size?: 'sm' | 'md';
};

/** The product's word mark with its leaf, linking to the right start page. */
export function HedgerowLogo({ to, tone = 'dark', size = 'md' }: Props) {
  const iconSize = size === 'md' ? 34 : 28;
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${productName} home`} style={{ flexShrink: 0 }}>
      <Group gap={8} wrap="nowrap" mih={40}>
        <ThemeIcon
          size={iconSize}
          radius="xl"
          color={tone === 'dark' ? 'hedge.8' : 'hedge.1'}
          c={tone === 'dark' ? 'white' : 'hedge.9'}
          aria-hidden
        >
          <IconLeaf size={iconSize * 0.6} stroke={2} />
        </ThemeIcon>
        <Text
          component="span"
          fw={800}
          fz={size === 'md' ? 24 : 20}
          lh={1}
          c={tone === 'dark' ? 'hedge.9' : 'white'}
          style={{ letterSpacing: '-0.02em' }}
        >
          {productName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
