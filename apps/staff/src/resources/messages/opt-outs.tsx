import {
  Create,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  required,
  useDelete,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Button, Typography } from '@mui/material';
import type { StaffPhoneOptOut } from '@dars/contract';
import { DateTimeField } from '../../components/formatted-fields';
import { LTR } from '../../components/ltr';
import { failureOf } from '../../data/failure';

// The numbers that asked for no more messages (issue 28, ADR 053), admins only: nothing is sent
// to them, and a message to one shows «لم تصل» with the reason.

const O = 'dars.phone.opt_out';

/** The number gets messages again. */
function AllowButton() {
  const record = useRecordContext<StaffPhoneOptOut>();
  const translate = useTranslate();
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={isPending}
      aria-label={translate(`${O}.remove_of`, { phone: record.phone })}
      onClick={() =>
        void remove(
          'phone-opt-outs',
          { id: record.id, previousData: record },
          {
            onSuccess: () => notify(`${O}.removed`, { type: 'success' }),
            onError: (e) => notify(failureOf(e).message, { type: 'error' }),
          },
        )
      }
    >
      {translate(`${O}.remove`)}
    </Button>
  );
}

function Actions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <CreateButton label={translate(`${O}.add`)} />
    </TopToolbar>
  );
}

export function OptOutList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={<Actions />}
      sort={{ field: 'id', order: 'DESC' }}
      empty={false}
    >
      <Typography sx={{ px: 2, pt: 1 }} color="text.secondary">
        {translate(`${O}.help`)}
      </Typography>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<StaffPhoneOptOut>
          source="phone"
          sortable={false}
          render={(o) => <span dir="ltr">{o.phone}</span>}
        />
        <TextField source="reason" sortable={false} emptyText="—" />
        <TextField source="created_by" sortable={false} emptyText="—" />
        <DateTimeField source="created_at" sortable={false} />
        <AllowButton />
      </Datagrid>
    </List>
  );
}

export function OptOutCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="phone" validate={required()} slotProps={LTR} />
        <TextInput source="reason" fullWidth />
      </SimpleForm>
    </Create>
  );
}
