import { useId } from 'react';
import { Link } from 'react-router';
import {
  Avatar,
  Box,
  Button,
  Card,
  Container,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { Teacher } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { t, tPlural } from '../../../i18n/t';
import { useTeachers } from '../api/get-teachers';
import { RetryAlert } from '../../../components/retry-alert';

/**
 * The teachers list (spec §2): cards with avatar, name and a profile button on desktop, a
 * list with each teacher's course count on phones. The route shows not-found when the
 * teachers page is switched off.
 */
export function TeachersPage() {
  const isDesktop = useIsDesktop();
  const { data: teachers, isPending, isError, refetch } = useTeachers();

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ mb: { xs: 2, md: 3 }, fontSize: { xs: '1.6rem', md: '2rem' } }}
      >
        {t('teachers.title')}
      </Typography>
      {isPending ? (
        <Stack role="status" aria-busy="true" aria-label={t('teachers.loading')} spacing={1.5}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={isDesktop ? 96 : 64} />
          ))}
        </Stack>
      ) : isError ? (
        <RetryAlert onRetry={() => void refetch()}>{t('teachers.loadFailed')}</RetryAlert>
      ) : teachers.length === 0 ? (
        <EmptyState icon={<SchoolOutlinedIcon />} text={t('teachers.empty')} />
      ) : isDesktop ? (
        <TeacherCards teachers={teachers} />
      ) : (
        <TeacherList teachers={teachers} />
      )}
    </Container>
  );
}

function TeacherCards({ teachers }: { teachers: Teacher[] }) {
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        listStyle: 'none',
        m: 0,
        p: 0,
      }}
    >
      {teachers.map((teacher) => (
        <li key={teacher.id}>
          <TeacherCard teacher={teacher} />
        </li>
      ))}
    </Box>
  );
}

function TeacherCard({ teacher }: { teacher: Teacher }) {
  const nameId = useId();
  return (
    <Card sx={{ borderRadius: 2, height: '100%' }}>
      <Stack spacing={1.5} sx={{ p: 3, alignItems: 'center', textAlign: 'center', height: '100%' }}>
        <Avatar
          src={teacher.avatar ?? undefined}
          alt={t('teachers.avatarAlt', { name: teacher.name })}
          sx={{ width: 96, height: 96, fontSize: '2rem' }}
        >
          {teacher.name.charAt(0)}
        </Avatar>
        <Typography id={nameId} component="h2" variant="h6">
          {teacher.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {tPlural('course', teacher.courses_count)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button
          component={Link}
          to={`/teachers/${teacher.id}`}
          variant="outlined"
          aria-describedby={nameId}
          fullWidth
        >
          {t('teachers.profile')}
        </Button>
      </Stack>
    </Card>
  );
}

function TeacherList({ teachers }: { teachers: Teacher[] }) {
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {teachers.map((teacher, i) => (
          <ListItemButton
            key={teacher.id}
            component={Link}
            to={`/teachers/${teacher.id}`}
            divider={i < teachers.length - 1}
          >
            <ListItemAvatar>
              <Avatar src={teacher.avatar ?? undefined} alt="">
                {teacher.name.charAt(0)}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={teacher.name}
              secondary={tPlural('course', teacher.courses_count)}
            />
            <ChevronRightIcon aria-hidden color="disabled" sx={mirrorInRtl} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
