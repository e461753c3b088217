import {
  AutocompleteInput,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Box, Chip, Tooltip } from '@mui/material';
import { endpoints, type StaffExamSession } from '@dars/contract';
import { formatNumber } from '@dars/ui/format';
import { ExportButton } from '../../components/export-button';
import { ResponsiveList } from '../../components/responsive-list';
import { choicesOf } from '../../components/choices';
import { DateTimeField } from '../../components/formatted-fields';
import { SessionAnswersButton } from './session-answers';
import { SessionRecordCell } from './session-record';

export const SESSION_STATES = choicesOf('dars.daily.sessions.state', ['finished', 'running']);

const FLAGGED = [{ id: 'true', name: 'dars.review.integrity.flagged' }];
// Each student's attempt whose result counts under the exam's rule (ADR 047).
const COUNTING = [{ id: 'true', name: 'dars.daily.sessions.counting_only' }];

const filters = [
  <ReferenceInput key="exam_id" source="exam_id" reference="exams" alwaysOn>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="state" source="state" choices={SESSION_STATES} alwaysOn />,
  // Sessions whose integrity record has something to look at (ADR 044).
  <SelectInput key="flagged" source="flagged" choices={FLAGGED} />,
  <SelectInput key="counting" source="counting" choices={COUNTING} />,
  <SearchInput key="q" source="q" alwaysOn />,
];

/** Downloads the chosen exam's results for Excel; the exam is picked in the filter first. */
export function ExportResultsButton() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const examId = (filterValues as { exam_id?: number | string }).exam_id;
  const button = (
    <ExportButton
      endpoint={endpoints.staffExportExamResults}
      params={examId ? { id: examId } : undefined}
      disabled={!examId}
      label="dars.daily.sessions.export"
      done="dars.daily.sessions.exported"
    />
  );
  if (examId) return button;
  return (
    <Tooltip title={translate('dars.daily.sessions.export_hint')}>
      <span>{button}</span>
    </Tooltip>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportResultsButton />
    </TopToolbar>
  );
}

function score(r: StaffExamSession): string {
  if (r.correction_mark === null) return '—';
  return `${formatNumber(r.correction_mark)} / ${formatNumber(r.total_mark)}`;
}

/** The student may sit the exam more than once (or did, before a grant was taken back). */
const several = (r: StaffExamSession) => r.attempts_allowed > 1 || r.attempt > 1;

/** The attempt's number, and a mark on the one whose result counts (ADR 047). */
function AttemptCell({ session }: { session: StaffExamSession }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {formatNumber(session.attempt)}
      {several(session) && session.counts && (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={translate('dars.daily.sessions.counts')}
        />
      )}
    </Box>
  );
}

/**
 * Every session of an exam with its score, newest first; the results as CSV. A student may
 * have several attempts (ADR 047): each is a row, numbered, the counting one marked.
 */
export default function ExamSessionList() {
  const translate = useTranslate();
  const outcome = (r: StaffExamSession) =>
    r.finished_at === null
      ? translate('dars.daily.sessions.state.running')
      : r.succeeded === null
        ? translate('dars.people.sessions.waiting')
        : translate(r.succeeded ? 'dars.daily.sessions.passed' : 'dars.daily.sessions.failed');
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      <ResponsiveList<StaffExamSession>
        link={false}
        primaryText={(r) => `${r.student.name} — ${score(r)}`}
        // On a phone the line carries the integrity record and the answers too.
        secondaryText={(r) => (
          <>
            {`${r.exam.name} — ${outcome(r)}`}
            {several(r) && (
              <>
                <br />
                {translate('dars.daily.sessions.attempt_line', { n: formatNumber(r.attempt) })}
                {r.counts && ` — ${translate('dars.daily.sessions.counts')}`}
              </>
            )}
            <br />
            <SessionRecordCell session={r} /> <SessionAnswersButton session={r} />
          </>
        )}
      >
        <TextField source="student.name" />
        <TextField source="exam.name" />
        <FunctionField<StaffExamSession>
          source="attempt"
          sortable={false}
          render={(r) => <AttemptCell session={r} />}
        />
        <DateTimeField source="started_at" />
        <DateTimeField source="finished_at" />
        <FunctionField<StaffExamSession> source="correction_mark" render={score} />
        <FunctionField<StaffExamSession>
          source="percentage"
          render={(r) => (r.percentage === null ? '—' : `${formatNumber(r.percentage)}%`)}
        />
        <FunctionField<StaffExamSession> source="succeeded" render={outcome} />
        <FunctionField<StaffExamSession>
          source="corrected"
          render={(r) => translate(r.corrected ? 'ra.boolean.true' : 'ra.boolean.false')}
        />
        <FunctionField<StaffExamSession>
          source="integrity"
          sortable={false}
          render={(r) => <SessionRecordCell session={r} />}
        />
        <FunctionField<StaffExamSession>
          label="dars.review.answers.column"
          sortable={false}
          render={(r) => <SessionAnswersButton session={r} />}
        />
      </ResponsiveList>
    </List>
  );
}
