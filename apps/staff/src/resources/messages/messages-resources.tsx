import type { ResourceProps } from 'react-admin';
import SmsIcon from '@mui/icons-material/Sms';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import { lazyPage } from '../../components/lazy-page';

// Text messages to parents and students (issue 28, ADR 053), each screen its own chunk.
const PhoneMessageList = lazyPage(() => import('./phone-messages'), 'PhoneMessageList');
const ParentMessageCreate = lazyPage(() => import('./parent-message-form'), 'ParentMessageCreate');
const OptOutList = lazyPage(() => import('./opt-outs'), 'OptOutList');
const OptOutCreate = lazyPage(() => import('./opt-outs'), 'OptOutCreate');

/** The messages' list with its retry, and the message to parents as its «create» (admins only). */
export const phoneMessagesResource: ResourceProps = {
  name: 'phone-messages',
  list: PhoneMessageList,
  create: ParentMessageCreate,
  icon: SmsIcon,
};

/** The numbers that asked for no more messages (admins only). */
export const phoneOptOutsResource: ResourceProps = {
  name: 'phone-opt-outs',
  list: OptOutList,
  create: OptOutCreate,
  icon: PhoneDisabledIcon,
};
