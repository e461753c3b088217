import { useId } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import {
  Datagrid,
  FunctionField,
  List,
  SelectField,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { QUESTION_TYPES, type StaffQuestion, type StaffQuestionBank } from '@dars/contract';
import { choicesOf } from '../../components/choices';
import { CountField } from '../../components/count-field';
import { DIFFICULTY_CHOICES } from '../../components/difficulty';
import { useIsPhone } from '../../components/phone-cards';

const TYPE_CHOICES = choicesOf('dars.question_type', QUESTION_TYPES);

/** A question's first words, for its row and its edit link's name. */
function shortText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

function AddQuestionButton({ bankId }: { bankId: number }) {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={`/questions/create?bank_id=${bankId}`}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {translate('dars.banks.questions.add')}
    </Button>
  );
}

function AddQuestion({ bankId }: { bankId: number }) {
  return (
    <TopToolbar>
      <AddQuestionButton bankId={bankId} />
    </TopToolbar>
  );
}

/** A phone's line under a question: its type, mark, difficulty and tags, in words. */
function PhoneDetails({ question }: { question: StaffQuestion }) {
  const translate = useTranslate();
  const parts = [
    translate(`dars.question_type.${question.type}`),
    `${translate('dars.banks.questions.mark')}: ${question.mark}`,
    question.difficulty ? translate(`dars.banks.difficulty.${question.difficulty}`) : null,
  ].filter(Boolean);
  return (
    <>
      {parts.join(' — ')}
      {question.tags.length > 0 && (
        <Box sx={{ mt: 0.5 }}>
          <Tags tags={question.tags} />
        </Box>
      )}
    </>
  );
}

function Tags({ tags }: { tags: string[] }) {
  const translate = useTranslate();
  if (tags.length === 0) return <>{translate('dars.banks.questions.no_tags')}</>;
  return (
    <Stack component="ul" direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', p: 0, m: 0 }}>
      {tags.map((tag) => (
        <Chip key={tag} component="li" size="small" variant="outlined" label={tag} />
      ))}
    </Stack>
  );
}

/** No rows: an empty bank, or no question of the difficulty and tag filtered by. */
function NoQuestions() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = Boolean(filterValues.difficulty || filterValues.tag);
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {translate(filtered ? 'dars.banks.questions.none_match' : 'dars.banks.questions.empty')}
    </Typography>
  );
}

function EditLink() {
  const question = useRecordContext<StaffQuestion>();
  const translate = useTranslate();
  if (!question) return null;
  return (
    <Button
      component={Link}
      to={`/questions/${question.id}`}
      size="small"
      startIcon={<EditIcon />}
      aria-label={translate('dars.banks.questions.edit', { text: shortText(question.text) })}
    >
      {translate('ra.action.edit')}
    </Button>
  );
}

/**
 * A bank's questions (ADR 046) on its page: text, type, mark, difficulty and tags, filtered by
 * difficulty and by tag (the server's `difficulty` and `tag`), paged; each edited on its own
 * page, and new ones added to the bank from here.
 */
export function BankQuestions() {
  const bank = useRecordContext<StaffQuestionBank>();
  const translate = useTranslate();
  const titleId = useId();
  const isPhone = useIsPhone();
  if (!bank) return null;
  const filters = [
    <SelectInput
      key="difficulty"
      source="difficulty"
      label={translate('dars.banks.questions.filter_difficulty')}
      choices={DIFFICULTY_CHOICES}
      emptyText="dars.banks.any_difficulty"
      alwaysOn
    />,
    <TextInput
      key="tag"
      source="tag"
      label={translate('dars.banks.questions.filter_tag')}
      helperText={false}
      alwaysOn
    />,
  ];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="h6">
        {translate('dars.banks.questions.title')}
      </Typography>
      {bank.exams_count > 0 && (
        <Alert severity="info" sx={{ my: 1 }}>
          {translate('dars.banks.questions.in_use', { count: bank.exams_count })}
        </Alert>
      )}
      <List
        resource="questions"
        filter={{ bank_id: bank.id }}
        filters={filters}
        sort={{ field: 'position', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        storeKey={false}
        exporter={false}
        title={false}
        empty={false}
        // On a phone the button sits above the list, full width, not in a toolbar.
        actions={isPhone ? false : <AddQuestion bankId={bank.id} />}
      >
        {isPhone ? (
          <>
            <Box sx={{ my: 1 }}>
              <AddQuestionButton bankId={bank.id} />
            </Box>
            <SimpleList<StaffQuestion>
              primaryText={(q) => shortText(q.text)}
              secondaryText={(q) => <PhoneDetails question={q} />}
              linkType="edit"
              empty={<NoQuestions />}
            />
          </>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoQuestions />}>
              <FunctionField<StaffQuestion>
                label="dars.banks.questions.text"
                sortable={false}
                render={(q) => shortText(q.text)}
              />
              <SelectField
                source="type"
                label="dars.banks.questions.type"
                choices={TYPE_CHOICES}
                sortable={false}
              />
              <CountField source="mark" label="dars.banks.questions.mark" sortable={false} />
              <SelectField
                source="difficulty"
                label="dars.banks.questions.difficulty"
                choices={DIFFICULTY_CHOICES}
                emptyText="—"
                sortable={false}
              />
              <FunctionField<StaffQuestion>
                label="dars.banks.questions.tags"
                sortable={false}
                render={(q) => <Tags tags={q.tags} />}
              />
              <EditLink />
            </Datagrid>
          </Box>
        )}
      </List>
    </Box>
  );
}
