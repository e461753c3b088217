import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CasinoIcon from '@mui/icons-material/Casino';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  AutocompleteInput,
  Confirm,
  CreateBase,
  EditBase,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DRAW_RULE_COUNT_MAX, type StaffExam, type StaffExamDrawRule } from '@dars/contract';
import { formatNumber } from '@dars/ui/format';
import { useCount } from '../../i18n/use-count';
import { errorText } from './exam-questions';
import { DIFFICULTY_CHOICES } from '../../components/difficulty';
import { DrawPreviewDialog } from './draw-preview';

const RESOURCE = 'exam-draw-rules';

/** The exam as every student gets it: fixed questions plus what each rule draws (ADR 046). */
export function drawTotals(
  exam: Pick<
    StaffExam,
    'questions_count' | 'total_mark' | 'drawn_questions_count' | 'drawn_total_mark'
  >,
  rules: readonly Pick<StaffExamDrawRule, 'count' | 'mark'>[],
) {
  const drawnCount = rules.reduce((sum, r) => sum + r.count, 0);
  const drawnMarks = rules.reduce((sum, r) => sum + r.count * r.mark, 0);
  // The exam's own counts include its rules as they were read; the rules here may be newer.
  const fixedCount = exam.questions_count - exam.drawn_questions_count;
  const fixedMarks = exam.total_mark - exam.drawn_total_mark;
  return {
    fixedCount,
    fixedMarks,
    drawnCount,
    drawnMarks,
    questions: fixedCount + drawnCount,
    marks: fixedMarks + drawnMarks,
  };
}

/**
 * The exam page's draw rules (issue 26, ADR 046): each rule's bank, tag, difficulty, mark,
 * count and how many questions it could draw on its own (a warning, in words, when fewer than
 * it asks); added, changed and deleted in place until students start the exam; the total every
 * student gets; and a preview of one draw.
 */
export function ExamDrawRules() {
  const exam = useRecordContext<StaffExam>();
  const translate = useTranslate();
  const notify = useNotify();
  const count = useCount();
  const dataProvider = useDataProvider();
  const titleId = useId();
  const [editing, setEditing] = useState<{ rule: StaffExamDrawRule | null; n: number } | null>(
    null,
  );
  const [removing, setRemoving] = useState<{ rule: StaffExamDrawRule; n: number } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { data, error, isPending, refetch } = useGetList<StaffExamDrawRule>(
    RESOURCE,
    {
      filter: { exam_id: exam?.id },
      sort: { field: 'position', order: 'ASC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: exam?.id !== undefined },
  );
  if (!exam) return null;
  const rules = data ?? [];
  const locked = exam.sessions_count > 0;
  const totals = drawTotals(exam, rules);
  const any = translate('dars.banks.rules.any');

  async function remove() {
    if (!removing) return;
    const { rule } = removing;
    setRemoving(null);
    try {
      await dataProvider.delete(RESOURCE, { id: rule.id, previousData: rule });
      notify('dars.banks.rules.deleted', { type: 'success' });
    } catch (e) {
      const { message, args } = errorText(e);
      notify(message, { type: 'error', messageArgs: args });
    } finally {
      void refetch();
    }
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          {translate('dars.banks.rules.title')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<CasinoIcon />} onClick={() => setPreviewing(true)}>
            {translate('dars.banks.preview.open')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={locked}
            onClick={() => setEditing({ rule: null, n: rules.length + 1 })}
          >
            {translate('dars.banks.rules.add')}
          </Button>
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ my: 1 }}>
        {translate('dars.banks.rules.lead')}
      </Typography>
      {locked && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {translate('dars.banks.rules.locked')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {translate('dars.banks.rules.load_failed')}
        </Alert>
      )}
      {isPending && !error && <CircularProgress size={24} sx={{ my: 1 }} />}
      {data && rules.length === 0 && (
        <Typography color="text.secondary">{translate('dars.banks.rules.empty')}</Typography>
      )}
      {rules.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{translate('dars.banks.rules.bank')}</TableCell>
                <TableCell>{translate('dars.banks.rules.tag')}</TableCell>
                <TableCell>{translate('dars.banks.rules.difficulty')}</TableCell>
                <TableCell>{translate('dars.banks.rules.mark')}</TableCell>
                <TableCell>{translate('dars.banks.rules.count')}</TableCell>
                <TableCell>{translate('dars.banks.rules.available')}</TableCell>
                <TableCell>{translate('dars.banks.rules.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.map((rule, index) => {
                const n = index + 1;
                const short = rule.available < rule.count;
                return (
                  <TableRow key={rule.id} data-testid="draw-rule">
                    <TableCell>{formatNumber(n)}</TableCell>
                    <TableCell>{rule.bank_name}</TableCell>
                    <TableCell>{rule.tag ?? any}</TableCell>
                    <TableCell>
                      {rule.difficulty
                        ? translate(`dars.banks.difficulty.${rule.difficulty}`)
                        : any}
                    </TableCell>
                    <TableCell>{formatNumber(rule.mark)}</TableCell>
                    <TableCell>{formatNumber(rule.count)}</TableCell>
                    <TableCell>
                      {short ? (
                        <Stack
                          direction="row"
                          sx={{ alignItems: 'center', gap: 0.5, color: 'warning.dark' }}
                        >
                          <WarningAmberIcon fontSize="small" aria-hidden />
                          <span>
                            {translate('dars.banks.rules.short', {
                              available: rule.available,
                              count: rule.count,
                            })}
                          </span>
                        </Stack>
                      ) : (
                        formatNumber(rule.available)
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ gap: 0.5 }}>
                        <IconButton
                          size="small"
                          disabled={locked}
                          onClick={() => setEditing({ rule, n })}
                          aria-label={translate('dars.banks.rules.edit', { n })}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          color="error"
                          disabled={locked}
                          onClick={() => setRemoving({ rule, n })}
                          aria-label={translate('dars.banks.rules.delete', { n })}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {data && (
        <Box sx={{ mt: 2 }} data-testid="draw-total">
          <Typography sx={{ fontWeight: 700 }}>
            {translate('dars.banks.rules.total', {
              questions: count(totals.questions, 'question'),
              marks: translate('dars.banks.marks', { smart_count: totals.marks }),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('dars.banks.rules.total_parts', {
              fixed_count: totals.fixedCount,
              fixed_marks: totals.fixedMarks,
              drawn_count: totals.drawnCount,
              drawn_marks: totals.drawnMarks,
            })}
          </Typography>
        </Box>
      )}
      {editing && (
        <RuleDialog
          examId={exam.id}
          rule={editing.rule}
          n={editing.n}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify('dars.banks.rules.saved', { type: 'success' });
            void refetch();
          }}
        />
      )}
      {previewing && (
        <DrawPreviewDialog
          examId={exam.id}
          shuffled={exam.shuffled_questions}
          onClose={() => setPreviewing(false)}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        title="dars.banks.rules.delete_title"
        titleTranslateOptions={{ n: removing?.n ?? 0 }}
        content="dars.banks.rules.delete_body"
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

/** A rule's fields; react-admin's form, so the server's 422 shows under its field (`count`). */
function RuleFields() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <ReferenceInput
        source="bank_id"
        reference="question-banks"
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteInput optionText="name" validate={required()} />
      </ReferenceInput>
      <TextInput source="tag" helperText={translate('dars.banks.rules.tag_help')} />
      <SelectInput
        source="difficulty"
        choices={DIFFICULTY_CHOICES}
        emptyText="dars.banks.any_difficulty"
      />
      <NumberInput
        source="mark"
        min={1}
        max={1000}
        step={1}
        validate={required()}
        helperText={translate('dars.banks.rules.mark_help')}
      />
      <NumberInput
        source="count"
        min={1}
        max={DRAW_RULE_COUNT_MAX}
        step={1}
        validate={required()}
        helperText={translate('dars.banks.rules.count_help')}
      />
    </SimpleForm>
  );
}

/** Adds a rule to the exam, or changes one; a refusal (409) shows the server's message. */
function RuleDialog({
  examId,
  rule,
  n,
  onClose,
  onSaved,
}: {
  examId: number;
  rule: StaffExamDrawRule | null;
  n: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {rule ? translate('dars.banks.rules.edit_title', { n }) : translate('dars.banks.rules.add')}
      </DialogTitle>
      <DialogContent>
        {rule ? (
          <EditBase
            resource={RESOURCE}
            id={rule.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{ onSuccess: onSaved }}
          >
            <RuleFields />
          </EditBase>
        ) : (
          <CreateBase
            resource={RESOURCE}
            record={{ exam_id: examId, tag: null, difficulty: null, mark: 1, count: 1 }}
            redirect={false}
            mutationOptions={{ onSuccess: onSaved }}
          >
            <RuleFields />
          </CreateBase>
        )}
      </DialogContent>
    </Dialog>
  );
}
