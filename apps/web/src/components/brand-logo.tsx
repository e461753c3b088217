import { Box, Typography } from '@mui/material';
import MenuBookRoundedIcon from '@mui/icons-material/MenuBookRounded';
import { t } from '../i18n/t';

/**
 * The «دَرس» mark and name. `inverse` draws it for a dark or brand-coloured background.
 * @example <BrandLogo size="large" inverse />
 */
export function BrandLogo({
  size = 'medium',
  inverse = false,
}: {
  size?: 'medium' | 'large';
  inverse?: boolean;
}) {
  const mark = size === 'large' ? 64 : 36;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: size === 'large' ? 1.5 : 1 }}>
      <Box
        aria-hidden
        sx={{
          width: mark,
          height: mark,
          borderRadius: size === 'large' ? 2.5 : 1.25,
          display: 'grid',
          placeItems: 'center',
          bgcolor: inverse ? 'common.white' : 'primary.main',
          color: inverse ? 'primary.main' : 'common.white',
          boxShadow: inverse ? 'none' : '0 4px 12px rgba(31, 79, 163, 0.3)',
        }}
      >
        <MenuBookRoundedIcon sx={{ fontSize: mark * 0.6 }} />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size === 'large' ? '2.5rem' : '1.5rem',
          lineHeight: 1,
          color: inverse ? 'common.white' : 'primary.main',
        }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
