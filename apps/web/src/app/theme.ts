import { createTheme } from '@mui/material/styles';
import { createRtlCache } from '@dars/ui/rtl-cache';
import { themeOptions } from '@dars/ui/theme';

export { createRtlCache };

/** The browser's cache, for every screen. */
export const rtlCache = createRtlCache();

/** The look shared with the staff console (packages/ui). */
export const theme = createTheme(themeOptions);
