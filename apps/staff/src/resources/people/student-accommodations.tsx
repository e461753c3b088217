import { useId, useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  CreateBase,
  NumberInput,
  ReferenceInput,
  SimpleForm,
  TextInput,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { StaffExamAccommodation } from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { DayMonthYearInput } from '../../components/day-month-year-input';

const RESOURCE = 'exam-accommodations';

/**
 * A student's own exam time (issue 26, ADR 042) on the student's page: extra minutes, a share
 * of the exam's duration, an own window, for one exam or every exam; added in a dialog and
 * deleted after a confirmation. The server moves a running session's deadline at once.
 */
export function StudentAccommodations({ studentId }: { studentId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffExamAccommodation | null>(null);
  const { data, refetch, error } = useGetList<StaffExamAccommodation>(RESOURCE, {
    filter: { user_id: studentId },
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const examName = (a: StaffExamAccommodation) =>
    a.exam_name ?? translate('dars.review.accommodations.all_exams');

  const describe = (a: StaffExamAccommodation) =>
    [
      a.extra_minutes || a.extra_percent
        ? translate('dars.review.accommodations.describe', {
            minutes: formatNumber(a.extra_minutes),
            percent: formatNumber(a.extra_percent),
          })
        : null,
      a.starts_at
        ? `${translate('dars.review.accommodations.starts_at')} ${formatDateTime(a.starts_at)}`
        : null,
      a.ends_at
        ? `${translate('dars.review.accommodations.ends_at')} ${formatDateTime(a.ends_at)}`
        : null,
      a.note,
    ]
      .filter(Boolean)
      .join(' — ');

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6">
        {translate('dars.review.accommodations.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('dars.review.accommodations.lead')}
      </Typography>
      {error && <Alert severity="error">{translate('ra.notification.http_error')}</Alert>}
      {data && data.length === 0 && (
        <Typography color="text.secondary">
          {translate('dars.review.accommodations.empty')}
        </Typography>
      )}
      <List dense>
        {(data ?? []).map((a) => (
          <ListItem
            key={a.id}
            disableGutters
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={translate('dars.review.accommodations.delete', { exam: examName(a) })}
                onClick={() => setRemoving(a)}
              >
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText primary={examName(a)} secondary={describe(a)} />
          </ListItem>
        ))}
      </List>
      <Button variant="outlined" onClick={() => setAdding(true)}>
        {translate('dars.review.accommodations.add')}
      </Button>
      {adding && (
        <AddAccommodation
          studentId={studentId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            notify('dars.review.accommodations.saved', { type: 'success' });
            void refetch();
          }}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        title={
          removing
            ? translate('dars.review.accommodations.delete', { exam: examName(removing) })
            : ''
        }
        content={removing ? describe(removing) : ''}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const target = removing!;
          setRemoving(null);
          await dataProvider.delete(RESOURCE, { id: target.id, previousData: target });
          notify('dars.review.accommodations.deleted', { type: 'success' });
          void refetch();
        }}
      />
    </Box>
  );
}

/** The add form: react-admin's, so the server's Arabic field errors show under their fields. */
function AddAccommodation({
  studentId,
  onClose,
  onSaved,
}: {
  studentId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{translate('dars.review.accommodations.add')}</DialogTitle>
      <DialogContent>
        <CreateBase
          resource={RESOURCE}
          record={{ user_id: studentId, extra_minutes: 0, extra_percent: 0 }}
          redirect={false}
          mutationOptions={{ onSuccess: onSaved }}
        >
          <SimpleForm>
            <ReferenceInput source="exam_id" reference="exams">
              <AutocompleteInput
                optionText="name"
                label={translate('dars.review.accommodations.exam')}
                helperText={translate('dars.review.accommodations.all_exams')}
              />
            </ReferenceInput>
            <NumberInput
              source="extra_minutes"
              min={0}
              step={1}
              label={translate('dars.review.accommodations.extra_minutes')}
            />
            <NumberInput
              source="extra_percent"
              min={0}
              max={300}
              step={5}
              label={translate('dars.review.accommodations.extra_percent')}
            />
            <DayMonthYearInput
              source="starts_at"
              withTime
              label={translate('dars.review.accommodations.starts_at')}
            />
            <DayMonthYearInput
              source="ends_at"
              withTime
              label={translate('dars.review.accommodations.ends_at')}
            />
            <TextInput
              source="note"
              multiline
              label={translate('dars.review.accommodations.note')}
            />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
}
