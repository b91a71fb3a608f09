import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeCssVariables } from './theme-css-variables';

/** The style sheet MantineProvider writes in the browser when it works the variables out itself. */
function providerCssVariables() {
  const html = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  return html.match(/<style data-mantine-styles="true">([^<]*)<\/style>/)?.[1];
}

describe('the theme CSS variables written at build time', () => {
  it('are the ones MantineProvider would write in the browser', () => {
    const written = themeCssVariables();
    expect(providerCssVariables()).toBe(written);
  });

  it('hold the readable secondary text and the hedge primary colour', () => {
    const written = themeCssVariables();
    expect(written).toMatch(/^:root, :host\{/);
    expect(written).toContain('--mantine-color-dimmed: #5c636a;');
    expect(written).toContain('--mantine-primary-color-filled: var(--mantine-color-hedge-filled);');
  });
});
