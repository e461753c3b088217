import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CasinoIcon from '@mui/icons-material/Casino';
import { useTranslate } from 'react-admin';
import { staffEndpoints as e, type StaffDrawPreview } from '@dars/contract';
import { callStaff } from '../../data/http';
import { useCount } from '../../i18n/use-count';

/**
 * One draw of an exam's questions as a student starting it would get them (ADR 046): the fixed
 * questions, then the drawn ones, each marked which it is, with the total; «اسحب مرة أخرى» asks
 * the server again without a seed, so it picks a new one.
 */
export function DrawPreviewDialog({
  examId,
  shuffled,
  onClose,
}: {
  examId: number;
  /** The exam shuffles its questions per session: students see this set in another order. */
  shuffled: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const count = useCount();
  const titleId = useId();
  const [round, setRound] = useState(0);
  // The answer of the latest request; an older one is a draw still being replaced.
  const [result, setResult] = useState<{
    round: number;
    draw?: StaffDrawPreview;
    problem?: string;
  } | null>(null);

  useEffect(() => {
    let live = true;
    callStaff(e.staffExamDrawPreview, { params: { id: examId } }).then(
      (answer) => {
        if (live) setResult({ round, draw: answer.data });
      },
      (error: Error) => {
        if (live)
          setResult({ round, problem: error.message || translate('dars.banks.preview.failed') });
      },
    );
    return () => {
      live = false;
    };
  }, [examId, round, translate]);
  const current = result?.round === round ? result : null;
  const draw = current?.draw ?? null;
  const problem = current?.problem ?? null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('dars.banks.preview.title')}</DialogTitle>
      {/* A long draw scrolls: it takes focus so the keyboard can scroll it too. */}
      <DialogContent tabIndex={0}>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('dars.banks.preview.lead')}
          {shuffled && ` ${translate('dars.banks.preview.shuffled')}`}
        </DialogContentText>
        {problem && <Alert severity="error">{problem}</Alert>}
        {!draw && !problem && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <span>{translate('dars.banks.preview.loading')}</span>
          </Stack>
        )}
        {draw && (
          <>
            <Typography sx={{ fontWeight: 700 }}>
              {translate('dars.banks.preview.total', {
                marks: translate('dars.banks.marks', { smart_count: draw.total_mark }),
                questions: count(draw.questions.length, 'question'),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('dars.banks.preview.counts', {
                fixed: draw.fixed_count,
                drawn: draw.drawn_count,
              })}
            </Typography>
            {draw.missing > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {translate('dars.banks.preview.missing', { missing: draw.missing })}
              </Alert>
            )}
            {draw.questions.length === 0 ? (
              <Typography color="text.secondary">
                {translate('dars.banks.preview.empty')}
              </Typography>
            ) : (
              <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }}>
                {draw.questions.map((q, i) => {
                  const fixed = i < draw.fixed_count;
                  return (
                    <Paper
                      key={q.id}
                      component="li"
                      variant="outlined"
                      data-testid="drawn-question"
                      sx={{ p: 1.5, listStyle: 'none' }}
                    >
                      <Stack
                        direction="row"
                        sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}
                      >
                        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                          {translate('dars.banks.preview.number', { n: i + 1 })}
                        </Typography>
                        <Chip
                          size="small"
                          variant={fixed ? 'outlined' : 'filled'}
                          color={fixed ? 'default' : 'primary'}
                          label={translate(
                            fixed ? 'dars.banks.preview.fixed' : 'dars.banks.preview.drawn',
                          )}
                        />
                        <Chip
                          size="small"
                          variant="outlined"
                          label={translate('dars.banks.marks', { smart_count: q.mark })}
                        />
                        {q.difficulty && (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={translate(`dars.banks.difficulty.${q.difficulty}`)}
                          />
                        )}
                        {q.tags.map((tag) => (
                          <Chip key={tag} size="small" variant="outlined" label={tag} />
                        ))}
                      </Stack>
                      <Box sx={{ whiteSpace: 'pre-line' }}>{q.text}</Box>
                    </Paper>
                  );
                })}
              </Stack>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('dars.banks.preview.close')}</Button>
        <Button
          variant="contained"
          startIcon={<CasinoIcon />}
          disabled={!draw && !problem}
          onClick={() => setRound((r) => r + 1)}
        >
          {translate('dars.banks.preview.again')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
