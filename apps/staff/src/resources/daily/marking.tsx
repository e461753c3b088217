import { useId, useState } from 'react';
import {
  AutocompleteInput,
  List,
  ReferenceInput,
  SearchInput,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import type { StaffMarkingItem } from '@dars/contract';
import { formatDateTime } from '@dars/ui/format';
import { dailyCalls } from '../../data/daily-calls';
import { failureOf } from '../../data/failure';

const filters = [
  <ReferenceInput key="exam_id" source="exam_id" reference="exams" alwaysOn>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <SearchInput key="q" source="q" alwaysOn />,
];

type Marked = Awaited<ReturnType<typeof dailyCalls.mark>>['data'];

/** One answer: the question, the student's text and image, the mark and comment; the result after. */
function MarkingCard({ item }: { item: StaffMarkingItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [mark, setMark] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [marked, setMarked] = useState<Marked | null>(null);
  const markId = useId();
  const commentId = useId();
  const headingId = useId();

  async function save() {
    setBusy(true);
    setErrors({});
    const value = Number(mark.replace(',', '.'));
    try {
      const { data } = await dailyCalls.mark(
        item.id,
        mark.trim() === '' ? Number.NaN : value,
        comment.trim() || null,
      );
      setMarked(data);
      notify('dars.daily.marking.saved', { type: 'success' });
    } catch (e) {
      const { fields, message } = failureOf(e);
      if (fields) setErrors(fields);
      else notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6">
          {item.exam.name} — {item.student.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('dars.daily.marking.submitted', { time: formatDateTime(item.submitted_at) })}
        </Typography>
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
          {translate('dars.daily.marking.question')} (
          {translate('dars.daily.marking.out_of', { mark: item.question.mark })})
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.question.text}</Typography>
        {item.question.image_url && (
          <Box
            component="img"
            src={item.question.image_url}
            alt={translate('dars.daily.marking.question_image')}
            sx={{ maxWidth: '100%', maxHeight: 300, mt: 1 }}
          />
        )}
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
          {translate('dars.daily.marking.answer')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          {item.answer_text || translate('dars.daily.marking.no_text')}
        </Typography>
        {item.image_url && (
          <Box
            component="img"
            src={item.image_url}
            alt={translate('dars.daily.marking.image', { name: item.student.name })}
            sx={{ maxWidth: '100%', maxHeight: 500, mt: 1, border: 1, borderColor: 'divider' }}
          />
        )}
        {marked ? (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {translate('dars.daily.marking.answer_mark', {
              mark: marked.mark ?? 0,
              total: marked.question.mark,
            })}
            {' — '}
            {marked.result.corrected
              ? `${translate('dars.daily.marking.result', {
                  mark: marked.result.correction_mark ?? 0,
                  total: marked.result.total_mark,
                })} (${translate(
                  marked.result.succeeded
                    ? 'dars.daily.marking.passed'
                    : 'dars.daily.marking.failed',
                )})`
              : translate('dars.daily.marking.result_pending')}
          </Alert>
        ) : (
          <Box
            component="form"
            sx={{ mt: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <MuiTextField
                id={markId}
                label={translate('dars.daily.marking.mark', { mark: item.question.mark })}
                value={mark}
                onChange={(e) => setMark(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
                error={Boolean(errors.mark)}
                helperText={errors.mark ?? ' '}
                required
              />
              <MuiTextField
                id={commentId}
                label={translate('dars.daily.marking.comment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                error={Boolean(errors.comment)}
                helperText={errors.comment ?? ' '}
                fullWidth
                multiline
              />
            </Stack>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('dars.daily.marking.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function MarkingCards() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<StaffMarkingItem>();
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('dars.daily.marking.empty')}
      </Typography>
    );
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      {data.map((item) => (
        <MarkingCard key={item.id} item={item} />
      ))}
    </Stack>
  );
}

/**
 * The essay answers waiting for marks, oldest first, by exam. Each is marked in place and
 * shows the student's new result; it leaves the queue at the next refresh.
 */
export default function MarkingList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} empty={false} exporter={false}>
      <MarkingCards />
    </List>
  );
}
