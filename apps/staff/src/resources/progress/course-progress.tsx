import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Datagrid,
  FilterForm,
  FunctionField,
  ListContextProvider,
  Pagination,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  Title,
  useGetOne,
  useListContext,
  useListController,
  useNotify,
  useTranslate,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
  PROGRESS_STATUSES,
  VIDEO_WATCHED_PERCENT,
  type StaffCourse,
  type StaffProgressRow,
} from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { canOpen } from '../../auth/auth-provider';
import { choicesOf } from '../../components/choices';
import { PhoneCards, useIsPhone, type CardLine } from '../../components/phone-cards';
import { useRole } from '../../components/use-role';
import { downloadCourseProgress } from '../../data/export-calls';
import { StudentProgress } from '../../components/student-progress';
import { failureOf } from '../../data/failure';

const T = 'dars.progress';
const RESOURCE = 'course-progress';

/** Latin text (a phone) read left to right inside the RTL page. */
const ltr = (text: string) => (
  <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
    {text}
  </span>
);

const STATUS_CHOICES = choicesOf(`${T}.statuses`, PROGRESS_STATUSES);

/** The report's filters, all shown: the search, a lecture of the course, a status, a grade. */
function reportFilters(courseId: number) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput
      key="lecture_id"
      source="lecture_id"
      reference="lectures"
      // The course's lectures, in its order (the call the course's page lists them with).
      filter={{ course_id: courseId }}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={100}
      alwaysOn
    >
      <SelectInput optionText="name" emptyText={`${T}.all_lectures`} />
    </ReferenceInput>,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <ReferenceInput
      key="grade_id"
      source="grade_id"
      reference="grades"
      sort={{ field: 'position', order: 'ASC' }}
      perPage={100}
      alwaysOn
    >
      <SelectInput optionText="name" />
    </ReferenceInput>,
  ];
}

/** The row's figures as the table's cells and the phone's card lines show them. */
function useFigures() {
  const translate = useTranslate();
  const none = translate(`${T}.none`);
  const of = ({ done, total }: { done: number; total: number }) =>
    translate(`${T}.of`, { done: formatNumber(done), total: formatNumber(total) });
  return {
    phone: (r: StaffProgressRow) => ltr(r.phone),
    parent_phone: (r: StaffProgressRow) => (r.parent_phone ? ltr(r.parent_phone) : none),
    grade: (r: StaffProgressRow) => r.grade?.name ?? none,
    videos: (r: StaffProgressRow) => of(r.summary.videos),
    attachments: (r: StaffProgressRow) => of(r.summary.attachments),
    exams: (r: StaffProgressRow) => of(r.summary.exams),
    average_score: (r: StaffProgressRow) =>
      r.average_score === null
        ? none
        : translate(`${T}.percent`, { value: formatNumber(r.average_score) }),
    watched_minutes: (r: StaffProgressRow) => formatNumber(r.watched_minutes),
    last_activity_at: (r: StaffProgressRow) =>
      r.last_activity_at ? formatDateTime(r.last_activity_at) : translate(`${T}.no_activity_yet`),
    joined_at: (r: StaffProgressRow) => formatDateTime(r.joined_at),
  };
}
type Column = keyof ReturnType<typeof useFigures>;

/** The columns after the student's name, in order; the server sorts by name and joining only. */
const COLUMNS: { column: Column; sortBy?: string }[] = [
  { column: 'phone' },
  { column: 'parent_phone' },
  { column: 'grade' },
  { column: 'videos' },
  { column: 'attachments' },
  { column: 'exams' },
  { column: 'average_score' },
  { column: 'watched_minutes' },
  { column: 'last_activity_at' },
  { column: 'joined_at', sortBy: 'joined_at' },
];

/**
 * The student's name: a link to their page for who opens the students (the admin and
 * leaders), for a teacher a button to the student's progress in their own courses.
 */
function StudentName({
  row,
  onDetails,
}: {
  row: StaffProgressRow;
  onDetails: (row: StaffProgressRow) => void;
}) {
  const translate = useTranslate();
  const role = useRole();
  if (canOpen(role, 'students'))
    return (
      <Link component={RouterLink} to={`/students/${row.id}/show`}>
        {row.name}
      </Link>
    );
  if (role === undefined) return <>{row.name}</>;
  return (
    <Link
      component="button"
      type="button"
      aria-label={translate(`${T}.details_label`, { name: row.name })}
      onClick={() => onDetails(row)}
      sx={{ textAlign: 'start', font: 'inherit' }}
    >
      {row.name}
    </Link>
  );
}

/** A student's progress in a dialog: a teacher's, who does not open the students' pages. */
function DetailsDialog({ row, onClose }: { row: StaffProgressRow; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate(`${T}.details_title`, { name: row.name })}</DialogTitle>
      <DialogContent>
        <StudentProgress studentId={row.id} level={3} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** «تنزيل ملف Excel»: the whole report with the filters and order on screen (ADR 034). */
function DownloadButton({ courseId }: { courseId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext<StaffProgressRow>();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadCourseProgress(courseId, filterValues as Record<string, unknown>, sort);
      notify('dars.exports.done', { type: 'success' });
    } catch (failure) {
      notify(failureOf(failure).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button startIcon={<DownloadIcon />} disabled={busy || !total} onClick={() => void download()}>
      {translate(busy ? 'dars.exports.busy' : `${T}.download`)}
    </Button>
  );
}

/**
 * A course's progress report (issue 28, ADR 054): every student who joined it with the videos
 * they watched, the files they opened and the exams they took, of the whole course or of one
 * lecture, found by status (who has not watched, who missed the homework), grade, name or
 * phone, with the Excel file of the same report. The filters live in the address like any
 * list's. The admin and leaders open any course's from its page; a teacher their own's (the
 * server answers another's with 404).
 */
export function CourseProgressScreen() {
  return (
    <ResourceContextProvider value={RESOURCE}>
      <CourseProgressReport />
    </ResourceContextProvider>
  );
}

function CourseProgressReport() {
  const translate = useTranslate();
  const phone = useIsPhone();
  const id = Number(useParams().id);
  const headingId = useId();
  const [details, setDetails] = useState<StaffProgressRow | null>(null);
  const { data: course } = useGetOne<StaffCourse>('courses', { id }, { enabled: id > 0 });
  const list = useListController<StaffProgressRow>({
    resource: RESOURCE,
    filter: { course_id: id },
    sort: { field: 'name', order: 'ASC' },
    perPage: 25,
    // Each course's report keeps its own filters (a lecture of one is not another's).
    storeKey: `${RESOURCE}.${id}`,
  });
  const figures = useFigures();
  const t = (key: string, options?: object) => translate(`${T}.${key}`, options);
  const title = course ? t('title_of', { course: course.name }) : t('title');
  const filtered = Object.keys(list.filterValues ?? {}).length > 0;
  const empty = <Typography sx={{ p: 2 }}>{t(filtered ? 'empty_filtered' : 'empty')}</Typography>;
  const name = (r: StaffProgressRow) => <StudentName row={r} onDetails={setDetails} />;

  const rows = () => {
    if (list.error)
      return (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {list.error.message || t('failed')}
        </Alert>
      );
    if (!list.isPending && !list.total) return empty;
    if (phone)
      return (
        <PhoneCards<StaffProgressRow>
          title={name}
          lines={(r): CardLine[] =>
            COLUMNS.map(({ column }) => ({
              label: t(`columns.${column}`),
              value: figures[column](r),
            }))
          }
        />
      );
    return (
      // A wide table scrolls inside its own box, which the keyboard can reach and scroll.
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('table')}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} aria-label={t('table')}>
          <FunctionField<StaffProgressRow>
            label={`${T}.columns.name`}
            sortBy="name"
            render={name}
          />
          {COLUMNS.map(({ column, sortBy }) => (
            <FunctionField<StaffProgressRow>
              key={column}
              label={`${T}.columns.${column}`}
              sortable={sortBy !== undefined}
              sortBy={sortBy}
              render={figures[column]}
            />
          ))}
        </Datagrid>
      </Box>
    );
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }} component="section" aria-labelledby={headingId}>
      <Title title={title} />
      <Box>
        <Button component={RouterLink} to={`/courses/${id}`}>
          {t('back')}
        </Button>
      </Box>
      <Typography component="h1" variant="h5" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary">
        {t('help', { percent: formatNumber(VIDEO_WATCHED_PERCENT) })}
      </Typography>
      <ListContextProvider value={list}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <FilterForm filters={reportFilters(id)} />
          <DownloadButton courseId={id} />
        </Stack>
        <Card>
          {rows()}
          <Pagination rowsPerPageOptions={[25, 50, 100]} />
        </Card>
      </ListContextProvider>
      {details && <DetailsDialog row={details} onClose={() => setDetails(null)} />}
    </Stack>
  );
}
