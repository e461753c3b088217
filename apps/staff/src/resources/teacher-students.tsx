import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Datagrid,
  FilterForm,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  Title,
  useListController,
  useNotify,
  useTranslate,
} from 'react-admin';
import {
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { StaffTeacherStudent } from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { downloadTeacherStudents } from '../data/export-calls';
import { useIsPhone } from '../components/phone-cards';
import { StudentAccommodations } from './people/student-accommodations';
import { StudentAttemptGrants } from './people/student-attempt-grants';
import { failureOf } from '../data/failure';

const T = 'dars.teacher_students';

/** Latin text (a phone) read left to right inside the RTL page. */
const ltr = (text: string) => (
  <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
    {text}
  </span>
);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  // A teacher's course list is theirs only (the server scopes it, ADR 048).
  <ReferenceInput key="course_id" source="course_id" reference="courses" alwaysOn>
    <SelectInput optionText="name" label={`${T}.course`} />
  </ReferenceInput>,
];

/**
 * A student's own exam time and extra attempts (ADR 042, 047), as on the student's page: for a
 * teacher, in their own exams (the server scopes both lists and refuses another's exam).
 */
function ExamTerms({ student, onClose }: { student: StaffTeacherStudent; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {translate(`${T}.terms_title`, { name: student.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={3}>
          <StudentAccommodations studentId={student.id} />
          <StudentAttemptGrants studentId={student.id} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A teacher's students (ADR 048): who joined their courses, which ones, the lectures they hold
 * there and their exams' average, searchable by name or phone and by course, with the Excel
 * file of the same list. The teacher opens their own from the menu; the admin and leaders any
 * teacher's from the teacher's page. No balance or account details: those are the school's.
 */
export function TeacherStudentsPage() {
  return (
    <ResourceContextProvider value="teacher-students">
      <TeacherStudents />
    </ResourceContextProvider>
  );
}

function TeacherStudents() {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useIsPhone();
  const id = Number(useParams().id);
  const headingId = useId();
  const [terms, setTerms] = useState<StaffTeacherStudent | null>(null);
  const termsButton = (r: StaffTeacherStudent) => (
    <Button
      size="small"
      aria-label={translate(`${T}.terms_label`, { name: r.name })}
      onClick={() => setTerms(r)}
    >
      {translate(`${T}.terms`)}
    </Button>
  );
  const list = useListController<StaffTeacherStudent>({
    resource: 'teacher-students',
    filter: { teacher_id: id },
    sort: { field: 'name', order: 'ASC' },
    perPage: 25,
    disableSyncWithLocation: true,
  });
  const t = (key: string, options?: object) => translate(`${T}.${key}`, options);
  const score = (r: StaffTeacherStudent) =>
    r.average_score === null ? '—' : `${formatNumber(r.average_score)}٪`;

  const download = async () => {
    try {
      const { q, course_id } = list.filterValues as { q?: string; course_id?: number };
      await downloadTeacherStudents(id, { q, course_id });
    } catch (failure) {
      notify(failureOf(failure).message, { type: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }} component="section" aria-labelledby={headingId}>
      <Title title={t('title')} />
      <Typography component="h1" variant="h5" id={headingId}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary">{t('help')}</Typography>
      <ListContextProvider value={list}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <FilterForm filters={filters} />
          <Button startIcon={<DownloadIcon />} onClick={() => void download()}>
            {t('download')}
          </Button>
        </Stack>
        <Card>
          {phone ? (
            <SimpleList<StaffTeacherStudent>
              primaryText={(r) => r.name}
              secondaryText={(r) => r.courses.map((c) => c.name).join('، ')}
              tertiaryText={(r) => score(r)}
              linkType={false}
              rowClick={(_, __, r) => {
                setTerms(r as StaffTeacherStudent);
                return false;
              }}
              empty={<Typography sx={{ p: 2 }}>{t('empty')}</Typography>}
            />
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Datagrid
                bulkActionButtons={false}
                rowClick={false}
                empty={<Typography sx={{ p: 2 }}>{t('empty')}</Typography>}
              >
                <TextField source="name" label={`${T}.name`} />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.phone`}
                  render={(r) => ltr(r.phone)}
                />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.grade`}
                  render={(r) => r.grade?.name ?? '—'}
                />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.courses`}
                  render={(r) => r.courses.map((c) => c.name).join('، ')}
                />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.first_joined_at`}
                  render={(r) => formatDateTime(r.first_joined_at)}
                />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.lectures`}
                  render={(r) => formatNumber(r.lectures)}
                />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.exams_taken`}
                  render={(r) => formatNumber(r.exams_taken)}
                />
                <FunctionField<StaffTeacherStudent> label={`${T}.average_score`} render={score} />
                <FunctionField<StaffTeacherStudent>
                  label={`${T}.last_exam_at`}
                  render={(r) => (r.last_exam_at ? formatDateTime(r.last_exam_at) : '—')}
                />
                <FunctionField<StaffTeacherStudent> label={`${T}.terms`} render={termsButton} />
              </Datagrid>
            </Box>
          )}
          <Pagination rowsPerPageOptions={[25, 50, 100]} />
        </Card>
      </ListContextProvider>
      {terms && <ExamTerms student={terms} onClose={() => setTerms(null)} />}
    </Stack>
  );
}
