import { Chip } from '@mui/material';
import type { SupportTicketState } from '@dars/contract';
import { tm } from '../../../i18n/ar-messages';

/**
 * A ticket's state in Arabic: مفتوحة (waiting for staff), تم الرد (staff wrote last), مغلقة.
 * «تم الرد» is filled: the success green as outlined text is under 4.5:1 on a tinted card.
 */
export function TicketStateChip({ state }: { state: SupportTicketState }) {
  return (
    <Chip
      size="small"
      label={tm(`state.${state}`)}
      color={state === 'answered' ? 'success' : state === 'open' ? 'primary' : 'default'}
      variant={state === 'open' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
}
