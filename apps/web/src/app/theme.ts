import { createTheme, type Theme } from '@mui/material/styles';
import { createRtlCache } from '@dars/ui/rtl-cache';
import { themeOptions } from '@dars/ui/theme';
import type { School } from '@dars/contract';
import { readableTextOn } from '@dars/contract/plain';

export { createRtlCache };

/** The browser's cache, for every screen. */
export const rtlCache = createRtlCache();

const made = new Map<string, Theme>();

/**
 * The look shared with the staff console (packages/ui) in the school's colours (ADR 049): the
 * primary carries white text, the secondary the text that reads best on it. One theme per pair
 * of colours, made once.
 * @example themeFor(pageSchool()).palette.primary.main // '#0b6e4f'
 */
export function themeFor(school: Pick<School, 'primary_color' | 'secondary_color'>): Theme {
  const key = `${school.primary_color}${school.secondary_color}`;
  let theme = made.get(key);
  if (!theme) {
    theme = createTheme({
      ...themeOptions,
      palette: {
        ...themeOptions.palette,
        primary: { main: school.primary_color, contrastText: '#ffffff' },
        secondary: {
          main: school.secondary_color,
          contrastText: readableTextOn(school.secondary_color),
        },
      },
    });
    made.set(key, theme);
  }
  return theme;
}
