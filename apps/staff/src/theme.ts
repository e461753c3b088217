import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { themeOptions } from '@dars/ui/theme';
import { defaultTheme } from 'react-admin';
import { readableTextOn } from '@dars/contract';
import { consoleSchool } from './school';

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** `over` merged into `base`, plain objects key by key (arrays and functions replaced). */
export function mergeOptions<T>(base: T, over: unknown): T {
  if (!isPlain(base) || !isPlain(over)) return over as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isPlain(value) && isPlain(out[key]) ? mergeOptions(out[key], value) : value;
  }
  return out as T;
}

/**
 * react-admin's component defaults (dense filled inputs, its layout parts) under the look the
 * student app has (packages/ui): the same RTL palette, Cairo typography and shapes.
 */
export const staffTheme = createTheme(
  mergeOptions<ThemeOptions>(
    mergeOptions<ThemeOptions>(defaultTheme as ThemeOptions, themeOptions),
    // A darker red than MUI's: the delete button's text on react-admin's grey form toolbar
    // (#e0e0e0) reads at 5.3:1 instead of 3.8:1 (axe, color-contrast). The school's colours
    // (ADR 049): white text on its primary, the text that reads best on its secondary.
    {
      palette: {
        error: { main: '#b71c1c' },
        primary: { main: consoleSchool().primary_color, contrastText: '#ffffff' },
        secondary: {
          main: consoleSchool().secondary_color,
          contrastText: readableTextOn(consoleSchool().secondary_color),
        },
      },
    },
  ),
);
