import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import MenuBookRoundedIcon from '@mui/icons-material/MenuBookRounded';
import { pageSchool } from '../lib/page-school';

/**
 * The school's mark and name (ADR 049): its logo where it uploaded one (the light one on a
 * light background, the dark one for `inverse`: a dark or brand-coloured background), else
 * the book mark, beside its name. «دَرس» until the school sets its own.
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
  const school = pageSchool();
  const logo = inverse ? school.logo_dark : school.logo_light;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: size === 'large' ? 1.5 : 1 }}>
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt=""
          sx={{ height: mark, maxWidth: mark * 3, objectFit: 'contain', display: 'block' }}
        />
      ) : (
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
            boxShadow: (theme) =>
              inverse ? 'none' : `0 4px 12px ${alpha(theme.palette.primary.main, 0.3)}`,
          }}
        >
          <MenuBookRoundedIcon sx={{ fontSize: mark * 0.6 }} />
        </Box>
      )}
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size === 'large' ? '2.5rem' : '1.5rem',
          lineHeight: 1,
          color: inverse ? 'common.white' : 'primary.main',
        }}
      >
        {school.name}
      </Typography>
    </Box>
  );
}
