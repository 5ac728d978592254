import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Mantine's `light` variant of a colour with a shade (`color="teal.9"`) paints the background in that shade
 * and the text in the colour's light text colour, which in this theme is the same shade: a solid bar with
 * invisible text (issue 30.2, the directory's "New in town" badge, #087f5b on #087f5b). Here the shade is
 * the text, on the palette's lightest shade: teal.9 on teal.0 is 4.7:1, grape.9 on grape.0 6.5:1. Hovered,
 * the background stays: teal.9 on any darker shade of teal is below AA's 4.5:1.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return resolved;
  return {
    ...resolved,
    background: `var(--mantine-color-${parsed.color}-0)`,
    hover: `var(--mantine-color-${parsed.color}-0)`,
    color: `var(--mantine-color-${parsed.color}-${parsed.shade})`,
  };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons and primary links on white above WCAG AA contrast.
  primaryShade: { light: 8, dark: 6 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  variantColorResolver,
});

/**
 * Mantine's default dimmed grey and error red are below AA contrast on white (3.3:1 for the red); the
 * shades used here are not (red 9: 5.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]!, '--mantine-color-error': t.colors.red[9]! },
  dark: {},
});
