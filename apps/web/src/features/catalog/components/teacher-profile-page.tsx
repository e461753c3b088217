import type { ComponentType } from 'react';
import { alpha } from '@mui/material/styles';
import { Link } from 'react-router';
import {
  Avatar,
  Box,
  Button,
  Container,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { Teacher } from '@dars/contract';
import { MessengerIcon } from '../../../components/brand-icons';
import { EmptyState } from '../../../components/empty-state';
import { StatusScreen } from '../../../components/status-screen';
import { ApiError } from '../../../lib/api-client';
import { t, tPlural, type MessageKey } from '../../../i18n/t';
import { useTeacher } from '../api/get-teacher';
import { CourseGrid, CourseGridSkeleton } from './course-grid';
import { RetryAlert } from '../../../components/retry-alert';

type ContactField =
  | 'phone'
  | 'email'
  | 'whatsapp_url'
  | 'facebook_url'
  | 'messenger_url'
  | 'twitter_url'
  | 'youtube_url'
  | 'telegram_url';

/** The contact links of spec §2, in its order; each shown only when the teacher has it. */
const CONTACTS: {
  field: ContactField;
  icon: ComponentType<SvgIconProps>;
  label: Extract<MessageKey, `teachers.contact.${string}`>;
  href: (value: string) => string;
}[] = [
  {
    field: 'phone',
    icon: PhoneInTalkOutlinedIcon,
    label: 'teachers.contact.phone',
    href: (v) => `tel:${v.replace(/\s+/g, '')}`,
  },
  {
    field: 'email',
    icon: EmailOutlinedIcon,
    label: 'teachers.contact.email',
    href: (v) => `mailto:${v}`,
  },
  { field: 'whatsapp_url', icon: WhatsAppIcon, label: 'teachers.contact.whatsapp', href: (v) => v },
  { field: 'facebook_url', icon: FacebookIcon, label: 'teachers.contact.facebook', href: (v) => v },
  {
    field: 'messenger_url',
    icon: MessengerIcon,
    label: 'teachers.contact.messenger',
    href: (v) => v,
  },
  { field: 'twitter_url', icon: XIcon, label: 'teachers.contact.twitter', href: (v) => v },
  { field: 'youtube_url', icon: YouTubeIcon, label: 'teachers.contact.youtube', href: (v) => v },
  { field: 'telegram_url', icon: TelegramIcon, label: 'teachers.contact.telegram', href: (v) => v },
];

/**
 * The contact links a teacher has, as icon buttons; nothing when there are none.
 * @example <TeacherContacts teacher={teacher} />
 */
export function TeacherContacts({ teacher }: { teacher: Teacher }) {
  const present = CONTACTS.filter(({ field }) => teacher[field]);
  if (present.length === 0) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={t('teachers.contactTitle')}
      sx={{ listStyle: 'none', m: 0, p: 0, gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}
    >
      {present.map(({ field, icon: Icon, label, href }) => {
        const value = teacher[field]!;
        const external = field !== 'phone' && field !== 'email';
        return (
          <li key={field}>
            <Tooltip title={t(label)}>
              <IconButton
                component="a"
                href={href(value)}
                aria-label={t(label)}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                sx={{
                  bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
                  color: 'primary.main',
                }}
              >
                <Icon />
              </IconButton>
            </Tooltip>
          </li>
        );
      })}
    </Stack>
  );
}

/**
 * A teacher's profile (spec §2): banner, avatar, name, contact links, and the teacher's
 * courses or a notice that there are none.
 */
export function TeacherProfilePage({ teacherId }: { teacherId: number }) {
  const { data, isPending, error, refetch } = useTeacher(teacherId);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusScreen
        icon={<PersonSearchOutlinedIcon />}
        title={t('teachers.notFound')}
        actions={
          <Button component={Link} to="/courses" variant="contained">
            {t('course.browse')}
          </Button>
        }
      />
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      {isPending ? (
        <Stack role="status" aria-busy="true" aria-label={t('teachers.loading')} spacing={2}>
          <Skeleton variant="rounded" sx={{ height: { xs: 140, md: 240 } }} />
          <Skeleton variant="circular" width={112} height={112} sx={{ alignSelf: 'center' }} />
          <CourseGridSkeleton count={4} label={t('courses.loadingCourses')} />
        </Stack>
      ) : !data ? (
        <RetryAlert onRetry={() => void refetch()}>{t('teachers.teacherFailed')}</RetryAlert>
      ) : (
        <Stack spacing={{ xs: 3, md: 4 }}>
          <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3 }}>
            <Box
              aria-hidden
              sx={{
                height: { xs: 140, md: 240 },
                bgcolor: 'primary.main',
                backgroundImage: (theme) =>
                  data.teacher.banner
                    ? `url("${encodeURI(data.teacher.banner)}")`
                    : `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.light} 100%)`,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
              }}
            />
            <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', px: 2, pb: 3 }}>
              <Avatar
                src={data.teacher.avatar ?? undefined}
                alt={t('teachers.avatarAlt', { name: data.teacher.name })}
                sx={{
                  width: { xs: 96, md: 128 },
                  height: { xs: 96, md: 128 },
                  mt: { xs: -6, md: -8 },
                  border: '4px solid',
                  borderColor: 'background.paper',
                  fontSize: '2.5rem',
                }}
              >
                {data.teacher.name.charAt(0)}
              </Avatar>
              <Typography
                component="h1"
                variant="h4"
                sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}
              >
                {data.teacher.name}
              </Typography>
              <Typography color="text.secondary">
                {tPlural('course', data.teacher.courses_count)}
              </Typography>
              <TeacherContacts teacher={data.teacher} />
            </Stack>
          </Paper>
          <Box component="section" aria-labelledby="teacher-courses-title">
            <Typography id="teacher-courses-title" component="h2" variant="h5" sx={{ mb: 2 }}>
              {t('teachers.courses')}
            </Typography>
            {data.courses.length === 0 ? (
              <EmptyState icon={<MenuBookOutlinedIcon />} text={t('teachers.noCourses')} />
            ) : (
              <CourseGrid courses={data.courses} />
            )}
          </Box>
        </Stack>
      )}
    </Container>
  );
}
