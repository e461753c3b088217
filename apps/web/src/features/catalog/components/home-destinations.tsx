import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  Box,
  Card,
  CardActionArea,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { useAppSettings } from '../../../lib/app-settings-context';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { homeTiles, type HomeTileId } from '../lib/home-tiles';

const ICONS: Record<HomeTileId, ComponentType<SvgIconProps>> = {
  myCourses: VideoLibraryOutlinedIcon,
  courses: MenuBookOutlinedIcon,
  teachers: SchoolOutlinedIcon,
  exams: QuizOutlinedIcon,
  wallet: AccountBalanceWalletOutlinedIcon,
  profile: PersonOutlinedIcon,
};

const COLORS: Record<HomeTileId, string> = {
  myCourses: '#1f4fa3',
  courses: '#0f766e',
  teachers: '#7c3aed',
  exams: '#c2410c',
  wallet: '#047857',
  profile: '#475569',
};

function useDestinations() {
  const settings = useAppSettings();
  const { user } = useSession();
  return homeTiles(settings).map((tile) => ({
    ...tile,
    label: t(`home.tiles.${tile.id}`),
    hint:
      tile.id === 'wallet' && user
        ? t('home.balance', { amount: formatMoney(user.balance) })
        : t(`home.hints.${tile.id}`),
  }));
}

/** The home navigation tiles of `home_mode: 'default'` (spec §2). */
export function HomeTiles() {
  const destinations = useDestinations();
  return (
    <Box
      component="nav"
      aria-label={t('home.quickLinks')}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: `repeat(${destinations.length}, minmax(0, 1fr))`,
        },
      }}
    >
      {destinations.map(({ id, to, label, hint }) => {
        const Icon = ICONS[id];
        return (
          <Card key={id} sx={{ borderRadius: 2 }}>
            <CardActionArea
              component={Link}
              to={to}
              sx={{
                p: { xs: 1.75, md: 2.25 },
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                gap: 1,
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  color: COLORS[id],
                  bgcolor: `${COLORS[id]}14`,
                }}
              >
                <Icon />
              </Box>
              <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                {hint}
              </Typography>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

/** The classic home list of `home_mode: 'classic'` (spec §2): the same places, as a list. */
export function HomeClassicList() {
  const destinations = useDestinations();
  return (
    <Paper component="nav" aria-label={t('home.quickLinks')} variant="outlined">
      <List disablePadding>
        {destinations.map(({ id, to, label, hint }, i) => {
          const Icon = ICONS[id];
          return (
            // A list holds items, the links inside them (not links directly).
            <ListItem key={id} disablePadding divider={i < destinations.length - 1}>
              <ListItemButton component={Link} to={to}>
                <ListItemIcon sx={{ color: COLORS[id] }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} secondary={hint} />
                <ChevronRightIcon aria-hidden color="disabled" sx={mirrorInRtl} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
