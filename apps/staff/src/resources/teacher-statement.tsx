import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
  PAY_BY_LABELS,
  staffEndpoints as e,
  type StaffTeacherStatement,
  type StaffTeacherStatementLine,
} from '@dars/contract';
import { formatMoney, formatNumber } from '@dars/ui/format';
import { callStaff } from '../data/http';
import { downloadTeacherStatement } from '../data/export-calls';
import { useIsPhone } from '../components/phone-cards';
import { cairoMonthNow } from '../components/cairo-time';
import { failureOf, failureText } from '../data/failure';

/** One teacher's statement for one month, read again when the month changes. */
function useStatement(id: number, month: string) {
  const translate = useTranslate();
  // The answer of the id and month asked for; one for another month is not shown (loading).
  const key = `${id}/${month}`;
  const [answer, setAnswer] = useState<{
    key: string;
    data?: StaffTeacherStatement;
    error?: string;
  }>();
  useEffect(() => {
    let live = true;
    callStaff(e.staffGetTeacherStatement, { params: { id }, query: { month } }).then(
      (found) => live && setAnswer({ key, data: found.data }),
      (failure: unknown) => live && setAnswer({ key, error: failureText(failure, translate) }),
    );
    return () => {
      live = false;
    };
  }, [id, month, key, translate]);
  const current = answer?.key === key ? answer : undefined;
  return { data: current?.data ?? null, error: current?.error ?? null };
}

const what = (line: StaffTeacherStatementLine, whole: string) => line.lecture?.name ?? whole;

/**
 * A teacher's monthly statement (ADR 048): what their courses sold in a Cairo month, by course,
 * lecture and method, with their share of each line and the month's totals, and its Excel file.
 * The admin opens any teacher's from the teacher's page; a teacher their own from their home.
 */
export function TeacherStatementPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useIsPhone();
  const id = Number(useParams().id);
  const [month, setMonth] = useState(cairoMonthNow());
  const { data, error } = useStatement(id, month);
  const headingId = useId();
  const t = (key: string) => translate(`dars.statement.${key}`);
  const whole = t('whole_course');
  // A refund's line (ADR 050) says so beside how the sale was paid.
  const method = (line: StaffTeacherStatementLine) =>
    line.kind === 'refund'
      ? translate('dars.statement.refund', { method: PAY_BY_LABELS[line.method] })
      : PAY_BY_LABELS[line.method];

  const download = async () => {
    try {
      await downloadTeacherStatement(id, month);
    } catch (failure) {
      notify(failureOf(failure).message, { type: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }} component="section" aria-labelledby={headingId}>
      <Title title={t('title')} />
      <Typography component="h1" variant="h5" id={headingId}>
        {data ? `${t('title')}: ${data.teacher.name}` : t('title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          type="month"
          label={t('month')}
          value={month}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
          size="small"
        />
        <Button startIcon={<DownloadIcon />} onClick={() => void download()} disabled={!data}>
          {t('download')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Loading />}
      {data && (
        <>
          {data.lines.length > 0 && (
            <Typography>
              {translate(
                data.totals.refunds > 0
                  ? 'dars.statement.summary_refunds'
                  : 'dars.statement.summary',
                {
                  count: formatNumber(data.totals.count),
                  amount: formatMoney(data.totals.amount),
                  share: formatMoney(data.totals.share),
                  refunds: formatMoney(data.totals.refunds),
                },
              )}
            </Typography>
          )}
          {data.lines.length === 0 ? (
            <Alert severity="info">{t('empty')}</Alert>
          ) : phone ? (
            <Stack spacing={1} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
              {data.lines.map((line, i) => (
                <Card component="li" key={i} variant="outlined">
                  <CardContent>
                    <Typography sx={{ fontWeight: 'bold' }}>{line.course.name}</Typography>
                    <Typography>{`${what(line, whole)} · ${method(line)}`}</Typography>
                    <Typography>
                      {translate('dars.statement.line', {
                        count: formatNumber(line.count),
                        amount: formatMoney(line.amount),
                        percent: formatNumber(line.share_percent),
                        share: formatMoney(line.share),
                      })}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  {['course', 'lecture', 'method', 'count', 'amount', 'percent', 'share'].map(
                    (column) => (
                      <TableCell key={column}>{t(`columns.${column}`)}</TableCell>
                    ),
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.lines.map((line, i) => (
                  <TableRow key={i}>
                    <TableCell>{line.course.name}</TableCell>
                    <TableCell>{what(line, whole)}</TableCell>
                    <TableCell>{method(line)}</TableCell>
                    <TableCell>{formatNumber(line.count)}</TableCell>
                    <TableCell>{formatMoney(line.amount)}</TableCell>
                    <TableCell>{`${formatNumber(line.share_percent)}٪`}</TableCell>
                    <TableCell>{formatMoney(line.share)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3}>{t('total')}</TableCell>
                  <TableCell>{formatNumber(data.totals.count)}</TableCell>
                  <TableCell>{formatMoney(data.totals.amount)}</TableCell>
                  <TableCell />
                  <TableCell>{formatMoney(data.totals.share)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
