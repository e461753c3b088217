import { useCallback, useEffect, useId, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
  ITEM_FLAG_LABELS,
  staffEndpoints as e,
  type StaffItemAnalysis,
  type StaffQuestionRegradeResult,
} from '@dars/contract';
import { formatNumber } from '@dars/ui/format';
import { callStaff } from '../../data/http';
import { downloadExport } from '../../data/export-calls';
import { failureOf, failureText } from '../../data/failure';

type Item = StaffItemAnalysis['questions'][number];

/** A discrimination figure with a plain minus sign, read left to right (−0.5, 0.88). */
function signed(value: number): string {
  return `${value < 0 ? '−' : ''}${formatNumber(Math.abs(value))}`;
}

/** The exam's item analysis (ADR 043), read again after a regrade. */
function useItemAnalysis(examId: number) {
  const [data, setData] = useState<StaffItemAnalysis | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    callStaff(e.staffExamItemAnalysis, { params: { id: examId } }).then(
      (answer) => {
        if (!live) return;
        setData(answer.data);
        setError(false);
      },
      () => {
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [examId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}

/**
 * What each question of the exam tells the teacher (issue 26, ADR 043): how many answered, the
 * share right, the discrimination, each option's picks, and flags for a question nobody got
 * right or a reversed one (a wrong key); each question can be regraded from here (ADR 045).
 */
export function ItemAnalysis({ examId }: { examId: number }) {
  const translate = useTranslate();
  const titleId = useId();
  const { data, error, reload } = useItemAnalysis(examId);
  const [regrading, setRegrading] = useState<{ item: Item; n: number } | null>(null);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} component="h2" variant="h6">
        {translate('dars.review.analysis.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('dars.review.analysis.lead')}
      </Typography>
      {error && <Alert severity="error">{translate('dars.review.analysis.load_failed')}</Alert>}
      {data && data.sessions === 0 && (
        <Alert severity="info">{translate('dars.review.analysis.none')}</Alert>
      )}
      {data && data.sessions > 0 && (
        <>
          <Stack direction="row" sx={{ mb: 1, alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography>
              {translate('dars.review.analysis.sessions', {
                count: formatNumber(data.sessions),
                group: formatNumber(data.group_size),
              })}
            </Typography>
            <DownloadAnalysis examId={examId} />
          </Stack>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('dars.review.analysis.question')}</TableCell>
                  <TableCell>{translate('dars.review.analysis.answered')}</TableCell>
                  <TableCell>{translate('dars.review.analysis.facility')}</TableCell>
                  <TableCell>{translate('dars.review.analysis.discrimination')}</TableCell>
                  <TableCell>{translate('dars.review.analysis.picks')}</TableCell>
                  <TableCell>{translate('dars.review.analysis.flags')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.questions.map((q, i) => (
                  <TableRow key={q.id}>
                    <TableCell sx={{ maxWidth: 280 }}>
                      {translate('dars.exams.questions.number', { n: formatNumber(i + 1) })}
                      <Typography variant="body2" color="text.secondary" noWrap title={q.text}>
                        {q.text}
                      </Typography>
                    </TableCell>
                    <TableCell>{formatNumber(q.answered)}</TableCell>
                    <TableCell>
                      {q.facility === null ? '—' : `${formatNumber(q.facility)}%`}
                    </TableCell>
                    <TableCell>
                      {q.discrimination === null ? (
                        '—'
                      ) : (
                        <bdi dir="ltr">{signed(q.discrimination)}</bdi>
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack spacing={0.25}>
                        {q.options.map((o) => (
                          <Typography key={o.id} variant="body2">
                            {o.correct ? '✓ ' : ''}
                            {o.text}: {formatNumber(o.picks)}
                          </Typography>
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Stack spacing={0.5}>
                        {q.flags.map((flag) => (
                          <Chip
                            key={flag}
                            color="warning"
                            size="small"
                            label={ITEM_FLAG_LABELS[flag]}
                          />
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setRegrading({ item: q, n: i + 1 })}>
                        {translate('dars.review.analysis.regrade', { n: formatNumber(i + 1) })}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
      {regrading && (
        <RegradeDialog
          item={regrading.item}
          n={regrading.n}
          onClose={() => setRegrading(null)}
          onDone={() => {
            setRegrading(null);
            reload();
          }}
        />
      )}
    </Box>
  );
}

/**
 * The new key and/or mark of a question (ADR 045): the right options of a choices question,
 * which of true and false is right, and the mark; the server marks every submitted session
 * again and says how many changed.
 */
function RegradeDialog({
  item,
  n,
  onClose,
  onDone,
}: {
  item: Item;
  n: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [right, setRight] = useState(
    () => new Set(item.options.filter((o) => o.correct).map((o) => o.id)),
  );
  const trueOption = item.options.find((o) => o.text === 'صواب');
  const [trueIsRight, setTrueIsRight] = useState(trueOption?.correct ?? true);
  const [mark, setMark] = useState(String(item.mark));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    const body: { correct_option_ids?: number[]; correct_true?: boolean; mark?: number } = {};
    if (item.type === 'choices') body.correct_option_ids = [...right];
    if (item.type === 'truefalse') body.correct_true = trueIsRight;
    if (Number(mark) !== item.mark) body.mark = Number(mark);
    setBusy(true);
    try {
      const answer = await callStaff(e.staffRegradeQuestion, { params: { id: item.id }, body });
      const done: StaffQuestionRegradeResult = answer.data;
      notify(
        translate('dars.review.regrade.done', {
          sessions: formatNumber(done.sessions),
          changed: formatNumber(done.changed),
          passed: formatNumber(done.now_passed),
          failed: formatNumber(done.now_failed),
        }),
        { type: 'success' },
      );
      onDone();
    } catch (error) {
      const { fields } = failureOf(error);
      setProblem((fields && Object.values(fields)[0]) || failureText(error, translate));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {translate('dars.review.regrade.title', { n: formatNumber(n) })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('dars.review.regrade.lead')}
        </DialogContentText>
        {item.type === 'choices' && (
          <FormGroup aria-label={translate('dars.review.regrade.correct')}>
            {item.options.map((o) => (
              <FormControlLabel
                key={o.id}
                label={o.text}
                control={
                  <Checkbox
                    checked={right.has(o.id)}
                    onChange={(_, checked) =>
                      setRight((now) => {
                        const next = new Set(now);
                        if (checked) next.add(o.id);
                        else next.delete(o.id);
                        return next;
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        )}
        {item.type === 'truefalse' && (
          <FormControlLabel
            label={translate('dars.review.regrade.true_is_right')}
            control={
              <Switch checked={trueIsRight} onChange={(_, checked) => setTrueIsRight(checked)} />
            }
          />
        )}
        <TextField
          label={translate('dars.review.regrade.mark')}
          type="number"
          value={mark}
          onChange={(event) => setMark(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, dir: 'ltr' } }}
          sx={{ mt: 2 }}
        />
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy || (item.type === 'choices' && right.size === 0)}
        >
          {translate('dars.review.regrade.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The item analysis of the exam whose page this is (nothing before the exam is saved). */
export function ExamItemAnalysis() {
  const record = useRecordContext<{ id: number }>();
  return record ? <ItemAnalysis examId={record.id} /> : null;
}

/** Downloads the item analysis for Excel (a question a row, Arabic headers). */
function DownloadAnalysis({ examId }: { examId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadExport(e.staffExportItemAnalysis, {}, undefined, { id: examId });
      notify('dars.review.analysis.exported', { type: 'success' });
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download()}>
      {translate(busy ? 'dars.exports.busy' : 'dars.review.analysis.export')}
    </Button>
  );
}
