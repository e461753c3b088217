import { useId, useState, type ReactNode } from 'react';
import {
  AutocompleteInput,
  Confirm,
  CreateBase,
  EditBase,
  NumberInput,
  ReferenceInput,
  SimpleForm,
  TextInput,
  maxValue,
  minValue,
  required,
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
import EditIcon from '@mui/icons-material/Edit';
import { ATTEMPT_GRANT_MAX, type StaffExamAttemptGrant } from '@dars/contract';
import { formatDateTime } from '@dars/ui/format';
import { useCount } from '../../i18n/use-count';

const RESOURCE = 'exam-attempt-grants';
const T = 'dars.review.attempt_grants';

/** The number's bounds, checked in the form before the server checks them again. */
const EXTRA_ATTEMPTS = [required(), minValue(1), maxValue(ATTEMPT_GRANT_MAX)];

/**
 * More attempts at an exam for one student (issue 26, ADR 047) on the student's page, beside
 * the own exam time: one row per exam, given in a dialog, its number and note edited in
 * another, deleted after a confirmation.
 */
export function StudentAttemptGrants({ studentId }: { studentId: number }) {
  const translate = useTranslate();
  const count = useCount();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffExamAttemptGrant | null>(null);
  const [removing, setRemoving] = useState<StaffExamAttemptGrant | null>(null);
  const { data, refetch, error } = useGetList<StaffExamAttemptGrant>(RESOURCE, {
    filter: { user_id: studentId },
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });

  const describe = (g: StaffExamAttemptGrant) =>
    [
      count(g.extra_attempts, 'extra_attempt'),
      g.note,
      translate(`${T}.added_at`, { date: formatDateTime(g.created_at) }),
    ]
      .filter(Boolean)
      .join(' — ');

  const saved = () => {
    setAdding(false);
    setEditing(null);
    notify(`${T}.saved`, { type: 'success' });
    void refetch();
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} component="h2" variant="h6">
        {translate(`${T}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.lead`)}
      </Typography>
      {error && <Alert severity="error">{translate('ra.notification.http_error')}</Alert>}
      {data && data.length === 0 && (
        <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
      )}
      {data && data.length > 0 && (
        <List dense>
          {data.map((g) => (
            <ListItem
              key={g.id}
              disableGutters
              // Room for the two buttons at the line’s end (the RTL cache turns right to left).
              sx={{ pr: 12 }}
              secondaryAction={
                <>
                  <IconButton
                    aria-label={translate(`${T}.edit`, { exam: g.exam_name })}
                    onClick={() => setEditing(g)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    edge="end"
                    aria-label={translate(`${T}.delete`, { exam: g.exam_name })}
                    onClick={() => setRemoving(g)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={g.exam_name} secondary={describe(g)} />
            </ListItem>
          ))}
        </List>
      )}
      <Button variant="outlined" onClick={() => setAdding(true)}>
        {translate(`${T}.add`)}
      </Button>
      {adding && (
        <GrantDialog title={translate(`${T}.add_title`)} onClose={() => setAdding(false)}>
          <CreateBase
            resource={RESOURCE}
            record={{ user_id: studentId, extra_attempts: 1 }}
            redirect={false}
            mutationOptions={{ onSuccess: saved }}
          >
            <SimpleForm>
              <ReferenceInput source="exam_id" reference="exams">
                <AutocompleteInput optionText="name" validate={required()} />
              </ReferenceInput>
              <GrantInputs />
            </SimpleForm>
          </CreateBase>
        </GrantDialog>
      )}
      {editing && (
        <GrantDialog
          title={translate(`${T}.edit`, { exam: editing.exam_name })}
          onClose={() => setEditing(null)}
        >
          <EditBase
            resource={RESOURCE}
            id={editing.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{ onSuccess: saved }}
          >
            <SimpleForm>
              <GrantInputs />
            </SimpleForm>
          </EditBase>
        </GrantDialog>
      )}
      <Confirm
        isOpen={removing !== null}
        title={removing ? translate(`${T}.delete`, { exam: removing.exam_name }) : ''}
        content={removing ? describe(removing) : ''}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const target = removing!;
          setRemoving(null);
          await dataProvider.delete(RESOURCE, { id: target.id, previousData: target });
          notify(`${T}.deleted`, { type: 'success' });
          void refetch();
        }}
      />
    </Box>
  );
}

/** The number of attempts more and the note, in the add and the edit forms alike. */
function GrantInputs() {
  const translate = useTranslate();
  return (
    <>
      <NumberInput
        source="extra_attempts"
        min={1}
        max={ATTEMPT_GRANT_MAX}
        step={1}
        validate={EXTRA_ATTEMPTS}
        helperText={translate(`${T}.extra_help`)}
      />
      <TextInput source="note" multiline helperText={translate(`${T}.note_help`)} />
    </>
  );
}

/**
 * A dialog around react-admin's form, so the server's Arabic field errors (the exam already
 * given attempts) show under their fields. Its content scrolls on a small screen, so it takes
 * the keyboard's focus too.
 */
function GrantDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent tabIndex={0}>{children}</DialogContent>
    </Dialog>
  );
}
