import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  STUDENT_IMPORT_COLUMNS,
  type StudentImportColumn,
  type StudentImportProblem,
  type StudentImportReport,
} from '@dars/contract';
import { CSV_BOM, csvLine, keepDigits } from '@dars/ui/csv';
import { formatMoney, formatNumber } from '@dars/ui/format';
import { peopleCalls } from '../../data/people-calls';
import { useRole } from '../../components/use-role';
import { useIsPhone } from '../../components/phone-cards';
import { formatFileSize } from '../../components/file-size';
import { useCount } from '../../i18n/use-count';
import { failureOf, failureText } from '../../data/failure';

const I = 'dars.students.import';

/** The columns in the order the template writes them, each under its first header. */
const COLUMN_ORDER: StudentImportColumn[] = [
  'name',
  'phone',
  'email',
  'grade',
  'center',
  'parent_phone',
  'parent_email',
  'courses',
  'cash',
  'balance',
];
const header = (column: StudentImportColumn) => STUDENT_IMPORT_COLUMNS[column][0];

/**
 * The template a school fills in: a byte-order mark (Excel then reads UTF-8), the header line
 * and one example row; phones as `="0100…"` so Excel keeps their 0 (the import reads that).
 */
export function templateCsv(example: {
  name: string;
  email: string;
  grade: string;
  center: string;
}): string {
  const row: Record<StudentImportColumn, ReturnType<typeof keepDigits>> = {
    name: example.name,
    phone: keepDigits('01012345678'),
    email: example.email,
    grade: example.grade,
    center: example.center,
    parent_phone: keepDigits('01198765432'),
    parent_email: null,
    courses: '12, 15',
    cash: 300,
    balance: 50,
  };
  return CSV_BOM + csvLine(COLUMN_ORDER.map(header)) + csvLine(COLUMN_ORDER.map((c) => row[c]));
}

/** Saves `text` as a file named `name`, made in the browser. */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const ARABIC_LETTER = /[\u0621-\u064A\u066E-\u06D3\u06FA-\u06FF]/;
const LATIN_OR_DIGIT = /[A-Za-z0-9\u0660-\u0669\u06F0-\u06F9]/;

/** A cell's value as typed: left to right when it is Latin or digits (a phone, an e-mail). */
export function CellValue({ value }: { value: string | null }) {
  if (value === null || value.trim() === '') return <>—</>;
  const ltr = !ARABIC_LETTER.test(value) && LATIN_OR_DIGIT.test(value);
  return <bdi dir={ltr ? 'ltr' : 'rtl'}>{value}</bdi>;
}

/** A heading that takes the focus when it appears, so a screen reader reads what came. */
function FocusedHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Typography
      ref={ref}
      component="h2"
      variant="h6"
      tabIndex={-1}
      sx={{ mb: 1, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}

/** A table that may be wider than a phone: it scrolls on its own, and takes the focus to. */
function ScrollingTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {children}
    </Box>
  );
}

/** What the file's columns mean, and the template to fill in. */
function Columns() {
  const translate = useTranslate();
  const example = {
    name: translate(`${I}.example.name`),
    email: translate(`${I}.example.email`),
    grade: translate(`${I}.example.grade`),
    center: translate(`${I}.example.center`),
  };
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        {translate(`${I}.columns_title`)}
      </Typography>
      <Box component="ul" sx={{ my: 1, paddingInlineStart: 3 }}>
        {COLUMN_ORDER.map((column) => (
          <li key={column}>{translate(`${I}.columns.${column}`)}</li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate(`${I}.columns_help`)}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => download(templateCsv(example), translate(`${I}.template_file`))}
      >
        {translate(`${I}.template`)}
      </Button>
    </>
  );
}

/** The report's figures: rows, valid, invalid, grants, cash and opening balances. */
function Counts({ report }: { report: StudentImportReport }) {
  const translate = useTranslate();
  const items: [string, string][] = [
    ['rows', formatNumber(report.rows)],
    ['valid', formatNumber(report.valid)],
    ['invalid', formatNumber(report.invalid)],
    ['grants', formatNumber(report.grants)],
    ['cash', formatMoney(report.cash_total)],
    ['balance', formatMoney(report.balance_total)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' },
        gap: 1,
        m: 0,
        mb: 2,
      }}
    >
      {items.map(([key, value]) => (
        <Box
          key={key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, textAlign: 'center' }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`${I}.counts.${key}`)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 700 }}
            color={key === 'invalid' && report.invalid > 0 ? 'error.main' : undefined}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const PAGE_SIZES = [25, 50, 100];

/** On a phone: one card a problem, its row and column above, the value, then what is wrong. */
function ProblemCards({
  problems,
  labelledBy,
}: {
  problems: StudentImportProblem[];
  labelledBy: string;
}) {
  const translate = useTranslate();
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {problems.map((problem, i) => (
        <Box
          component="li"
          key={i}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {translate(`${I}.problem.row`)} {formatNumber(problem.row)}
            {problem.column ? ` — ${problem.column}` : ''}
          </Typography>
          {problem.value && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate(`${I}.problem.value`)}: <CellValue value={problem.value} />
            </Typography>
          )}
          <Typography>{problem.message}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Every problem of the file, a page at a time (a report may hold 5,000). */
function Problems({ problems, limitHit }: { problems: StudentImportProblem[]; limitHit: boolean }) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const shown = problems.slice(page * size, page * size + size);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate(`${I}.problems_title`, { count: formatNumber(problems.length) })}
      </Typography>
      {limitHit && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`${I}.problems_more`, { count: formatNumber(problems.length) })}
        </Alert>
      )}
      {isPhone ? (
        <ProblemCards problems={shown} labelledBy={titleId} />
      ) : (
        <ScrollingTable labelledBy={titleId}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${I}.problem.row`)}</TableCell>
                <TableCell>{translate(`${I}.problem.column`)}</TableCell>
                <TableCell>{translate(`${I}.problem.value`)}</TableCell>
                <TableCell>{translate(`${I}.problem.message`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((problem, i) => (
                <TableRow key={`${page}-${i}`}>
                  <TableCell>{formatNumber(problem.row)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{problem.column ?? '—'}</TableCell>
                  <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                    <CellValue value={problem.value} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>{problem.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      )}
      {problems.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={problems.length}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate(`${I}.rows_per_page`)}
          labelDisplayedRows={({ from, to, count }) =>
            translate(`${I}.page_of`, {
              from: formatNumber(from),
              to: formatNumber(to),
              count: formatNumber(count),
            })
          }
        />
      )}
    </Box>
  );
}

/** The first rows as they will be imported. */
function Preview({ report }: { report: StudentImportReport }) {
  const translate = useTranslate();
  const titleId = useId();
  const col = (key: string) => translate(`${I}.preview.${key}`);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate(`${I}.preview_title`)}
      </Typography>
      {report.rows > report.preview.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${I}.preview_more`, {
            shown: formatNumber(report.preview.length),
            rows: formatNumber(report.rows),
          })}
        </Typography>
      )}
      <ScrollingTable labelledBy={titleId}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              {['row', 'name', 'phone', 'email', 'grade', 'courses', 'cash', 'balance', 'ok'].map(
                (key) => (
                  <TableCell key={key} sx={{ whiteSpace: 'nowrap' }}>
                    {col(key)}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.preview.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{formatNumber(row.row)}</TableCell>
                <TableCell sx={{ minWidth: 120 }}>{row.name || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <CellValue value={row.phone} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <CellValue value={row.email} />
                </TableCell>
                <TableCell sx={{ minWidth: 130 }}>{row.grade ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {row.courses.length ? row.courses.join('، ') : '—'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.cash ? formatMoney(row.cash) : '—'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.balance ? formatMoney(row.balance) : '—'}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={row.ok ? 'success' : 'error'}
                    label={translate(row.ok ? `${I}.row_ok` : `${I}.row_bad`)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingTable>
    </Box>
  );
}

/** What an applied import did: the students added and the links mailed. */
function Result({ result, onAgain }: { result: StudentImportReport; onAgain: () => void }) {
  const translate = useTranslate();
  const count = useCount();
  const unmailed = result.created - result.invitations;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <FocusedHeading focus>{translate(`${I}.done_title`)}</FocusedHeading>
        <Alert severity="success" sx={{ mb: 2 }}>
          {result.message}
        </Alert>
        <Typography component="p" sx={{ mb: 1 }}>
          {translate(`${I}.created`, { students: count(result.created, 'student') })}
        </Typography>
        {result.invitations > 0 && (
          <Typography component="p" sx={{ mb: 1 }}>
            {translate(result.invitations_by_phone ? `${I}.texted` : `${I}.mailed`, {
              students: count(result.invitations, 'student'),
            })}
          </Typography>
        )}
        {unmailed > 0 && (
          <Typography component="p" sx={{ mb: 1 }}>
            {translate(`${I}.not_mailed`, { students: count(unmailed, 'student') })}
          </Typography>
        )}
        {result.invalid > 0 && (
          <Typography component="p" sx={{ mb: 1 }}>
            {translate(`${I}.skipped`, { count: formatNumber(result.invalid) })}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="contained" component={RouterLink} to="/students">
            {translate(`${I}.to_list`)}
          </Button>
          <Button variant="outlined" onClick={onAgain}>
            {translate(`${I}.again`)}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const PROBLEMS_LIMIT = 5_000;

/** The server's Arabic refusal of a file (a 422 on `file`), or its message. */
function refusalText(error: unknown, translate: ReturnType<typeof useTranslate>): string {
  const { fields } = failureOf(error);
  return fields?.file ?? Object.values(fields ?? {})[0] ?? failureText(error, translate);
}

/**
 * «استيراد طلاب» (issue 28, ADR 052): what the file holds, the template, the file picked and
 * checked as a dry run, the report (counts, ignored columns, each problem with its row, the
 * first rows), then the import, of every row or (when asked) of the valid rows only; and what
 * it did. A new file starts over. Admins only (the server refuses a leader too).
 */
export function StudentImportScreen() {
  const translate = useTranslate();
  const count = useCount();
  const role = useRole();
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StudentImportReport | null>(null);
  const [result, setResult] = useState<StudentImportReport | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const fileTextId = useId();
  useEffect(() => () => pending.current?.abort(), []);

  if (role === undefined) return <Loading />;
  if (role !== 'admin')
    return (
      <Box sx={{ mt: 2, maxWidth: 800 }}>
        <Title title={translate(`${I}.title`)} />
        <Alert severity="warning">{translate(`${I}.admin_only`)}</Alert>
      </Box>
    );

  /** Forgets what was found for the file before (a new file, or starting again). */
  function reset(next: File | null) {
    pending.current?.abort();
    pending.current = null;
    setFile(next);
    setReport(null);
    setResult(null);
    setSkipInvalid(false);
    setRefused(null);
    setBusy(null);
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setBusy(dryRun ? 'check' : 'import');
    setRefused(null);
    try {
      const { data } = await peopleCalls.importStudents(
        file,
        { dryRun, skipInvalid: !dryRun && skipInvalid },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (data.applied) {
        setResult(data);
        setReport(null);
      } else {
        // A dry run, or an import the server refused after checking the file again.
        setReport(data);
        if (!dryRun) setRefused(data.message);
      }
    } catch (error) {
      if (controller.signal.aborted || (error as Error).name === 'AbortError') return;
      setReport(null);
      setRefused(refusalText(error, translate));
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setBusy(null);
      }
    }
  }

  const hasProblems = report !== null && (report.invalid > 0 || report.problems.length > 0);
  const canImport =
    report !== null && report.valid > 0 && (!hasProblems || skipInvalid) && busy === null;

  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate(`${I}.title`)} />
      <Button component={RouterLink} to="/students" sx={{ mb: 1 }}>
        {translate(`${I}.back`)}
      </Button>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {translate(`${I}.title`)}
          </Typography>
          <Typography>{translate(`${I}.lead`)}</Typography>
          <Columns />
        </CardContent>
      </Card>

      {result ? (
        <Result result={result} onAgain={() => reset(null)} />
      ) : (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {translate(`${I}.file_title`)}
            </Typography>
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="student-import-file"
              onChange={(event) => {
                const picked = event.target.files?.[0] ?? null;
                // Cleared, so the same file picked again (fixed and saved) is a change too.
                event.target.value = '';
                if (picked) reset(picked);
              }}
            />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
            >
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => input.current?.click()}
                aria-describedby={fileTextId}
                disabled={busy === 'import'}
              >
                {translate(file ? `${I}.pick_other` : `${I}.pick`)}
              </Button>
              <Typography id={fileTextId} sx={{ overflowWrap: 'anywhere' }}>
                {file ? (
                  translate(`${I}.picked`, {
                    // Isolated: a Latin name keeps its order inside the Arabic sentence.
                    name: `\u2068${file.name}\u2069`,
                    size: formatFileSize(file.size),
                  })
                ) : (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {translate(`${I}.none_picked`)}
                  </Box>
                )}
              </Typography>
              <Button
                variant="contained"
                onClick={() => void send(true)}
                disabled={!file || busy !== null}
                startIcon={busy === 'check' ? <CircularProgress size={16} /> : undefined}
                sx={{ marginInlineStart: { sm: 'auto' } }}
              >
                {translate(busy === 'check' ? `${I}.checking` : `${I}.check`)}
              </Button>
            </Stack>
            {refused && !report && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {refused}
              </Alert>
            )}
          </CardContent>
        </Card>
      )}

      {report && !result && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <FocusedHeading focus={busy === null}>{translate(`${I}.report_title`)}</FocusedHeading>
            <Alert
              severity={refused ? 'error' : hasProblems ? 'warning' : 'success'}
              role={refused ? 'alert' : 'status'}
              sx={{ mb: 2 }}
            >
              {report.message}
            </Alert>
            <Counts report={report} />
            {report.ignored_columns.length > 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate(`${I}.ignored`, { columns: report.ignored_columns.join('، ') })}
              </Alert>
            )}
            {report.problems.length > 0 && (
              <Problems
                key={report.problems.length}
                problems={report.problems}
                limitHit={report.problems.length >= PROBLEMS_LIMIT}
              />
            )}
            {report.preview.length > 0 && <Preview report={report} />}

            {hasProblems && report.valid > 0 && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={skipInvalid}
                    onChange={(event) => setSkipInvalid(event.target.checked)}
                  />
                }
                label={translate(`${I}.skip_invalid`)}
                sx={{ display: 'flex', mb: 1 }}
              />
            )}
            {hasProblems && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate(report.valid > 0 ? `${I}.fix_first` : `${I}.nothing_valid`)}
              </Typography>
            )}
            {report.valid > 0 && (
              <Button
                variant="contained"
                size="large"
                disabled={!canImport}
                onClick={() => void send(false)}
                startIcon={busy === 'import' ? <CircularProgress size={16} /> : undefined}
              >
                {busy === 'import'
                  ? translate(`${I}.importing`)
                  : translate(`${I}.submit`, { students: count(report.valid, 'student') })}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
