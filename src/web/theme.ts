import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

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

/** WCAG 2.1 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour, darkened in small steps toward black until it reads at `ratio` on the background. */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  let [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
  const hex = () =>
    `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
  while (contrastRatio(hex(), background) < ratio) {
    [r, g, b] = [r * 0.94, g * 0.94, b * 0.94];
  }
  return hex();
}

const colors = { ...DEFAULT_THEME.colors, hedge };

/**
 * WCAG AA (4.5:1) for secondary text and badges: Mantine's dimmed grey (#868e96, 3.3:1 on white)
 * becomes #5c636a (6.1:1 on white, 5.5:1 on the pale grey and green panels); each colour's text on
 * its pale 'light' background (badges, alerts) and as text colour (`c="red"`) is darkened until it
 * reads at 4.5:1, and so is each outline colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Placeholders that stand for a value ('No end date') are read as text: 4.5:1 on the grey fields too.
    '--mantine-color-placeholder': readableOn('#adb5bd', '#f8f9fa'),
    ...Object.fromEntries(
      Object.entries(colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light-color`, readableOn(shades[9], shades[1])],
        [`--mantine-color-${name}-text`, readableOn(shades[8], '#ffffff')],
        // Outline badges and buttons sit on white and on table stripes (#f8f9fa).
        [`--mantine-color-${name}-outline`, readableOn(shades[8], '#f8f9fa')],
      ]),
    ),
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'hedge',
  primaryShade: { light: 8, dark: 6 },
  colors: { hedge },
  // White or black text on filled buttons and badges, whichever reads on the colour (yellow, lime).
  autoContrast: true,
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  components: {
    // An alert's close button is named for screen readers.
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    // A closed select's list is not in the page (its field names the list only while open). Kept mounted
    // and hidden, as by default, every select's list was positioned when the page first rendered: a forced
    // style and layout of the whole page in the middle of that render, on a phone a long task.
    Combobox: { defaultProps: { keepMounted: false } },
    // A loader is a status (its aria-label, 'Loading', is then allowed and announced).
    Loader: { defaultProps: { role: 'status' } },
    // A table wider than the screen scrolls sideways; its scrolling box is reachable by keyboard.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
    // Plain objects, not DatePickerInput.extend: the theme must not pull @mantine/dates into the first chunk.
    // The clear button gets a name, and the field gets focus back after a date is picked.
    DatePickerInput: {
      defaultProps: { clearButtonProps: { 'aria-label': 'Clear date' }, popoverProps: { returnFocus: true } },
    },
    DateInput: {
      defaultProps: { clearButtonProps: { 'aria-label': 'Clear date' }, popoverProps: { returnFocus: true } },
    },
  },
  breakpoints: { xs: '36em', sm: '48em', md: '62.5em', lg: '75em', xl: '88em' },
});

/** The header switches to the slide-out menu below this width (spec part 1 §2.2). */
export const mobileBreakpointPx = 1000;
