import type { SxProps, Theme } from '@mui/material/styles';

/**
 * `sx` for icons that point (back, next, chevrons): Material icons are drawn for LTR, so in
 * the RTL page they are flipped horizontally.
 * @example <ArrowBackIcon sx={mirrorInRtl} />
 */
export const mirrorInRtl: SxProps<Theme> = (theme) => ({
  transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none',
});
