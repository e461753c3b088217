import { useId, useState, type ReactNode } from 'react';
import {
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  ListBase,
  Loading,
  NullableBooleanInput,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useShowController,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  endpoints,
  type StaffStudent,
  type StaffStudentCourse,
  type StaffStudentDetail,
  type StaffStudentPurchase,
  type StaffStudentRefund,
  type StaffStudentSession,
  type StaffStudentTransaction,
} from '@dars/contract';
import { formatDateTime, formatMoney, formatNumber } from '@dars/ui/format';
import { useRole } from '../../components/use-role';
import { StudentAccommodations } from './student-accommodations';
import { StudentAttemptGrants } from './student-attempt-grants';
import { StudentActions } from './student-actions';
import { StudentDevices } from './student-devices';
import { RefundButton, refundable, refundItem, refundSale } from './student-refunds';
import { useIsPhone } from '../../components/phone-cards';
import { ExportButton } from '../../components/export-button';
import { AddStudentButton, EditStudentButton, InvitationButton } from './student-form';
import { DateTimeField, MoneyField } from '../../components/formatted-fields';
import { StudentProgress } from '../../components/student-progress';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="grade_id"
    source="grade_id"
    reference="grades"
    sort={{ field: 'position', order: 'ASC' }}
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <NullableBooleanInput key="blocked" source="blocked" />,
];

function StatusChip({ blocked }: { blocked: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={blocked ? 'error' : 'success'}
      label={translate(blocked ? 'dars.people.status.blocked' : 'dars.people.status.active')}
    />
  );
}

/** Latin text (phone, e-mail, wallet address) read left to right inside the RTL page; «—» for none. */
const ltr = (text: string | null) =>
  text ? (
    <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {text}
    </span>
  ) : (
    '—'
  );

/**
 * The list's toolbar: the filters, an admin's «إضافة طالب» and «استيراد طلاب» (ADR 052), and
 * the export (ADR 034).
 */
function StudentListActions() {
  const translate = useTranslate();
  const admin = useRole() === 'admin';
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      {admin && <AddStudentButton />}
      {admin && (
        <Button
          component={RouterLink}
          to="/students/import"
          size="small"
          startIcon={<UploadFileIcon />}
        >
          {translate('dars.students.import.button')}
        </Button>
      )}
      <ExportButton endpoint={endpoints.staffExportStudents} />
    </TopToolbar>
  );
}

/** Students: search by name, e-mail, phone, id or wallet address; newest first. */
export function StudentList() {
  const isPhone = useIsPhone();
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      actions={<StudentListActions />}
      exporter={false}
      // A school with no student yet still needs «إضافة طالب» and «استيراد طلاب».
      empty={false}
    >
      {isPhone ? (
        <SimpleList<StaffStudent>
          primaryText={(r) => r.name}
          secondaryText={(r) => r.phone}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="name" />
          <FunctionField<StaffStudent> source="phone" render={(r) => ltr(r.phone)} />
          <FunctionField<StaffStudent> source="email" render={(r) => ltr(r.email)} />
          <TextField source="grade.name" sortable={false} />
          <MoneyField source="balance" />
          <FunctionField<StaffStudent>
            source="blocked"
            label="resources.students.fields.status"
            sortable={false}
            render={(r) => <StatusChip blocked={r.blocked} />}
          />
          <DateTimeField source="created_at" />
        </Datagrid>
      )}
    </List>
  );
}

/**
 * One tab's paged list of a student: a resource of the table (data/resources.ts) whose call
 * takes the student's id from the `student_id` filter.
 */
function TabList({
  resource,
  studentId,
  empty,
  children,
}: {
  resource:
    | 'student-courses'
    | 'student-purchases'
    | 'student-exam-sessions'
    | 'student-ledger'
    | 'student-refunds';
  studentId: number;
  empty: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <ListBase
      resource={resource}
      filter={{ student_id: studentId }}
      perPage={10}
      disableSyncWithLocation
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }}>{translate(empty)}</Typography>}
        >
          {children}
        </Datagrid>
      </Box>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
    </ListBase>
  );
}

const P = 'dars.people';

function Profile({ student }: { student: StaffStudentDetail }) {
  const translate = useTranslate();
  const label = (field: string) =>
    field.startsWith('parent_')
      ? translate(`dars.students.fields.${field}`)
      : translate(`resources.students.fields.${field}`);
  const rows: [string, ReactNode][] = [
    ['id', String(student.id)],
    ['email', ltr(student.email)],
    ['phone', ltr(student.phone)],
    ['grade.name', student.grade?.name ?? '—'],
    ['center_name', student.center_name ?? '—'],
    ['parent_phone', ltr(student.parent_phone)],
    ['parent_email', ltr(student.parent_email)],
    ['balance', formatMoney(student.balance)],
    ['wallet_address', ltr(student.wallet_address)],
    ['email_verified', translate(student.email_verified ? 'ra.boolean.true' : 'ra.boolean.false')],
    ['created_at', formatDateTime(student.created_at)],
  ];
  if (student.blocked_at) {
    rows.push(['blocked_at', formatDateTime(student.blocked_at)]);
    rows.push(['blocked_reason', student.blocked_reason ?? '—']);
  }
  return (
    <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { m: 0 } }}>
      {rows.map(([field, value]) => (
        <Box key={field}>
          <dt>{label(field)}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

const TABS = [
  'profile',
  'courses',
  'progress',
  'purchases',
  'sessions',
  'ledger',
  'refunds',
  'devices',
] as const;
type TabName = (typeof TABS)[number];

/**
 * A student's page (issue 13): the profile and, in tabs, courses, purchases, exam sessions,
 * ledger, refunds and devices (ADR 051); an admin's account actions above them, and «رد المبلغ» on what the
 * student paid for (ADR 050).
 */
export function StudentShow() {
  const translate = useTranslate();
  const role = useRole();
  const { record, isPending, refetch } = useShowController<StaffStudentDetail>();
  const [tab, setTab] = useState<TabName>('profile');
  const base = useId();
  if (isPending || !record) return <Loading />;
  const student = record;
  const counts: Record<TabName, number> = {
    profile: 0,
    courses: student.courses_count,
    purchases: student.purchases_count,
    sessions: student.sessions_count,
    ledger: student.transactions_count,
    refunds: student.refunds_count,
    // Its label has no count: the tab says the limit and the places used (ADR 051).
    devices: 0,
    // What the student watched, opened and took in each course (issue 28): no count either.
    progress: 0,
  };
  const admin = role === 'admin';
  const changed = () => void refetch();
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Button component={RouterLink} to="/students" sx={{ mb: 1 }}>
        {translate('resources.students.name', { smart_count: 2 })}
      </Button>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h1" variant="h5">
              {student.name}
            </Typography>
            <StatusChip blocked={student.blocked} />
            <Typography sx={{ marginInlineStart: 'auto' }}>
              {formatMoney(student.balance)}
            </Typography>
          </Stack>
          {admin && (
            <StudentActions student={student} onDone={changed}>
              <EditStudentButton student={student} onDone={changed} />
              <InvitationButton student={student} />
            </StudentActions>
          )}
          <Tabs
            value={tab}
            onChange={(_, value: TabName) => setTab(value)}
            variant="scrollable"
            sx={{ borderBottom: 1, borderColor: 'divider', mt: 1 }}
          >
            {TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                id={`${base}-tab-${name}`}
                aria-controls={`${base}-panel-${name}`}
                label={translate(
                  name === 'progress' ? 'dars.progress.student.tab' : `${P}.tabs.${name}`,
                  { count: counts[name] },
                )}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`${base}-panel-${tab}`}
            aria-labelledby={`${base}-tab-${tab}`}
            sx={{ pt: 2 }}
          >
            {tab === 'profile' && <Profile student={student} />}
            {tab === 'progress' && <StudentProgress studentId={student.id} />}
            {tab === 'devices' && (
              <StudentDevices studentId={student.id} studentName={student.name} admin={admin} />
            )}
            {tab === 'courses' && (
              <TabList
                resource="student-courses"
                studentId={student.id}
                empty={`${P}.courses.empty`}
              >
                <TextField source="name" label={`${P}.courses.name`} sortable={false} />
                <FunctionField<StaffStudentCourse>
                  label={`${P}.courses.pay_type`}
                  render={(r) => translate(`dars.pay_type.${r.pay_type}`)}
                />
                <FunctionField<StaffStudentCourse>
                  label={`${P}.courses.got_by`}
                  render={(r) =>
                    translate(`${P}.purchases.by.${r.pay_by}`, { _: r.pay_by }) +
                    (r.price_paid > 0 ? ` — ${formatMoney(r.price_paid)}` : '')
                  }
                />
                <FunctionField<StaffStudentCourse>
                  label={`${P}.courses.joined_at`}
                  render={(r) => formatDateTime(r.joined_at)}
                />
                <FunctionField<StaffStudentCourse>
                  label={`${P}.courses.granted`}
                  render={(r) => r.granted_by ?? (r.granted ? '✓' : '—')}
                />
                {admin && (
                  <FunctionField<StaffStudentCourse>
                    label={`${P}.refunds.button`}
                    render={(r) =>
                      refundable(r) ? (
                        <RefundButton
                          studentId={student.id}
                          target={{ course_id: r.id }}
                          item={r.name}
                          paid={r.price_paid}
                          onDone={changed}
                        />
                      ) : null
                    }
                  />
                )}
              </TabList>
            )}
            {tab === 'purchases' && (
              <TabList
                resource="student-purchases"
                studentId={student.id}
                empty={`${P}.purchases.empty`}
              >
                <FunctionField<StaffStudentPurchase>
                  label={`${P}.purchases.lecture`}
                  render={(r) => r.lecture.name}
                />
                <FunctionField<StaffStudentPurchase>
                  label={`${P}.purchases.course`}
                  render={(r) => r.course.name}
                />
                <FunctionField<StaffStudentPurchase>
                  label={`${P}.purchases.price_paid`}
                  render={(r) => formatMoney(r.price_paid)}
                />
                <FunctionField<StaffStudentPurchase>
                  label={`${P}.purchases.pay_by`}
                  render={(r) =>
                    translate(`${P}.purchases.by.${r.pay_by}`, { _: r.pay_by }) +
                    (r.granted_by ? ` — ${r.granted_by}` : '')
                  }
                />
                <FunctionField<StaffStudentPurchase>
                  label={`${P}.purchases.created_at`}
                  render={(r) => formatDateTime(r.created_at)}
                />
                <FunctionField<StaffStudentPurchase>
                  label={`${P}.purchases.expires_at`}
                  render={(r) =>
                    r.expires_at
                      ? `${formatDateTime(r.expires_at)}${r.expired ? ` (${translate(`${P}.purchases.expired`)})` : ''}`
                      : '—'
                  }
                />
                {admin && (
                  <FunctionField<StaffStudentPurchase>
                    label={`${P}.refunds.button`}
                    render={(r) =>
                      refundable(r) ? (
                        <RefundButton
                          studentId={student.id}
                          target={{ purchase_id: r.id }}
                          item={r.lecture.name}
                          paid={r.price_paid}
                          onDone={changed}
                        />
                      ) : null
                    }
                  />
                )}
              </TabList>
            )}
            {tab === 'sessions' && <StudentAccommodations studentId={student.id} />}
            {tab === 'sessions' && <StudentAttemptGrants studentId={student.id} />}
            {tab === 'sessions' && (
              <TabList
                resource="student-exam-sessions"
                studentId={student.id}
                empty={`${P}.sessions.empty`}
              >
                <FunctionField<StaffStudentSession>
                  label={`${P}.sessions.exam`}
                  render={(r) =>
                    r.attempt > 1
                      ? translate(`${P}.sessions.exam_attempt`, {
                          exam: r.exam.name,
                          n: formatNumber(r.attempt),
                        })
                      : r.exam.name
                  }
                />
                <FunctionField<StaffStudentSession>
                  label={`${P}.sessions.started_at`}
                  render={(r) => formatDateTime(r.started_at)}
                />
                <FunctionField<StaffStudentSession>
                  label={`${P}.sessions.score`}
                  render={(r) =>
                    r.finished_at === null
                      ? translate(`${P}.sessions.running`)
                      : `${r.correction_mark ?? '—'} / ${r.total_mark}`
                  }
                />
                <FunctionField<StaffStudentSession>
                  label={`${P}.sessions.result`}
                  render={(r) =>
                    !r.corrected
                      ? translate(`${P}.sessions.waiting`)
                      : r.succeeded === null
                        ? '—'
                        : translate(`${P}.sessions.${r.succeeded ? 'passed' : 'failed'}`)
                  }
                />
              </TabList>
            )}
            {tab === 'ledger' && (
              <TabList resource="student-ledger" studentId={student.id} empty={`${P}.ledger.empty`}>
                <FunctionField<StaffStudentTransaction>
                  label={`${P}.ledger.serial`}
                  render={(r) => ltr(r.serial)}
                />
                <FunctionField<StaffStudentTransaction>
                  label={`${P}.ledger.type`}
                  render={(r) => translate(`${P}.ledger.types.${r.type}`, { _: r.type })}
                />
                <FunctionField<StaffStudentTransaction>
                  label={`${P}.ledger.value`}
                  render={(r) => `${r.value > 0 ? '+' : ''}${formatMoney(r.value)}`}
                />
                <FunctionField<StaffStudentTransaction>
                  label={`${P}.ledger.balance_after`}
                  render={(r) => formatMoney(r.balance_after)}
                />
                <FunctionField<StaffStudentTransaction>
                  label={`${P}.ledger.comment`}
                  render={(r) =>
                    [r.comment, r.lecture?.name ?? r.course?.name].filter(Boolean).join(' — ') ||
                    '—'
                  }
                />
                <FunctionField<StaffStudentTransaction>
                  label={`${P}.ledger.created_at`}
                  render={(r) => formatDateTime(r.created_at)}
                />
              </TabList>
            )}
            {tab === 'refunds' && (
              <TabList
                resource="student-refunds"
                studentId={student.id}
                empty={`${P}.refunds.empty`}
              >
                <FunctionField<StaffStudentRefund>
                  label={`${P}.refunds.item`}
                  render={(r) => refundItem(r, translate)}
                />
                <FunctionField<StaffStudentRefund>
                  label={`${P}.refunds.sale`}
                  render={(r) => refundSale(r, translate)}
                />
                <FunctionField<StaffStudentRefund>
                  label={`${P}.refunds.amount`}
                  render={(r) => formatMoney(r.amount)}
                />
                <FunctionField<StaffStudentRefund>
                  label={`${P}.refunds.to`}
                  render={(r) => translate(`${P}.refunds.to_${r.refund_to}`)}
                />
                <TextField source="reason" label={`${P}.refunds.reason`} sortable={false} />
                <FunctionField<StaffStudentRefund>
                  label={`${P}.refunds.staff`}
                  render={(r) => r.staff_name ?? '—'}
                />
                <FunctionField<StaffStudentRefund>
                  label={`${P}.refunds.created_at`}
                  render={(r) => formatDateTime(r.created_at)}
                />
              </TabList>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
