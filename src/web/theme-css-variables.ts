import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables as a style sheet, written when the app is built. MantineProvider would
 * otherwise work them out in the browser at every page load (about 15 ms of main thread before anything
 * is drawn; on a slow phone four times that): vite.config.ts serves this sheet as
 * `virtual:mantine-css-variables.css`, main.tsx imports it and sets `withCssVariables={false}`. As
 * MantineProvider does, only the variables that differ from Mantine's default sheet
 * (default-css-variables.css, imported before it) are written.
 */
export function themeCssVariables(): string {
  const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const merged = deepMerge(defaultCssVariablesResolver(fullTheme), cssVariablesResolver(fullTheme));
  const changed = (scope: 'variables' | 'light' | 'dark') => {
    const defaultValues: Record<string, string> = defaults[scope];
    return Object.fromEntries(
      Object.entries(merged[scope]).filter(([key, value]) => defaultValues[key] !== value),
    );
  };
  return convertCssVariables({
    variables: changed('variables'),
    light: changed('light'),
    dark: changed('dark'),
  });
}
