import type { ReactNode } from 'react';
import { darken } from '@mui/material/styles';
import { Link } from 'react-router';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import MenuBookRoundedIcon from '@mui/icons-material/MenuBookRounded';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import { t } from '../../../i18n/t';

/** A quiet illustration of the product: a book with lessons, exams and results around it. */
function HeroArt() {
  const bubble = (top: string, start: string, icon: ReactNode, bg: string) => (
    <Box
      sx={{
        position: 'absolute',
        top,
        insetInlineStart: start,
        width: 72,
        height: 72,
        borderRadius: 4,
        display: 'grid',
        placeItems: 'center',
        bgcolor: bg,
        color: 'common.white',
        boxShadow: '0 12px 30px rgba(0,0,0,0.25)',
        '& svg': { fontSize: 38 },
      }}
    >
      {icon}
    </Box>
  );
  return (
    <Box aria-hidden sx={{ position: 'relative', width: 360, height: 320, flexShrink: 0 }}>
      <Box
        sx={{
          position: 'absolute',
          inset: '40px 50px',
          borderRadius: 8,
          bgcolor: 'rgba(255,255,255,0.12)',
          border: '1px solid rgba(255,255,255,0.25)',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <MenuBookRoundedIcon sx={{ fontSize: 140, color: 'common.white' }} />
      </Box>
      {bubble('0px', '10px', <PlayCircleOutlineRoundedIcon />, '#f59e0b')}
      {bubble('200px', '0px', <AssignmentTurnedInOutlinedIcon />, '#0f9f8f')}
      {bubble('120px', '280px', <EmojiEventsOutlinedIcon />, '#7c3aed')}
    </Box>
  );
}

/** The welcome page's hero (spec §2): headline, pitch, login and register. */
export function WelcomeHero() {
  return (
    <Box
      component="section"
      aria-labelledby="welcome-headline"
      sx={{
        color: 'common.white',
        // The school's primary colour (ADR 049), lit from a corner and deepening.
        background: ({ palette: { primary } }) =>
          `radial-gradient(circle at 85% 10%, ${primary.light} 0%, transparent 45%), linear-gradient(160deg, ${primary.main} 0%, ${darken(primary.main, 0.4)} 100%)`,
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 6 }}
        >
          <Stack spacing={3} sx={{ maxWidth: 620 }}>
            <Typography
              id="welcome-headline"
              component="h1"
              sx={{ fontSize: { xs: '2rem', md: '3rem' }, fontWeight: 700, lineHeight: 1.35 }}
            >
              {t('welcome.headline')}
            </Typography>
            <Typography
              sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, lineHeight: 1.9, opacity: 0.9 }}
            >
              {t('welcome.pitch')}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
              <Button
                component={Link}
                to="/register"
                variant="contained"
                color="secondary"
                size="large"
                sx={{ px: 4 }}
              >
                {t('welcome.register')}
              </Button>
              <Button
                component={Link}
                to="/login"
                variant="outlined"
                size="large"
                sx={{
                  px: 4,
                  color: 'common.white',
                  borderColor: 'rgba(255,255,255,0.6)',
                  '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' },
                }}
              >
                {t('welcome.login')}
              </Button>
            </Stack>
          </Stack>
          {/* Wide screens only, by the stylesheet: the page the server rendered is already the
              phone's layout before any script runs, whatever it guessed (issue 24). */}
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <HeroArt />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
