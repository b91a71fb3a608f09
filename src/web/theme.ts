import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A hedge green, from pale leaf to deep evergreen.
const hedge: MantineColorsTuple = [
  '#eef8ec',
  '#dcefd8',
  '#b6deae',
  '#8ccc81',
  '#6abd5c',
  '#54b344',
  '#47a338',
  '#378a2b',
  '#2f6b3a',
  '#1f4d27',
];

export const theme = createTheme({
  primaryColor: 'hedge',
  primaryShade: { light: 8, dark: 6 },
  colors: { hedge },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62.5em', lg: '75em', xl: '88em' },
});

/** The header switches to the slide-out menu below this width (spec part 1 §2.2). */
export const mobileBreakpointPx = 1000;
