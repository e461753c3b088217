import { Chip } from '@mui/material';
import type { SupportTicketState } from '@dars/contract';
import { tm } from '../../../i18n/ar-messages';

/**
 * A ticket's state in Arabic: مفتوحة (waiting for staff), تم الرد (staff wrote last), مغلقة.
 * Outlined where a filled chip's white text would be too faint (ADR 031's axe finding).
 */
export function TicketStateChip({ state }: { state: SupportTicketState }) {
  return (
    <Chip
      size="small"
      label={tm(`state.${state}`)}
      color={state === 'answered' ? 'success' : state === 'open' ? 'primary' : 'default'}
      variant={state === 'closed' ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
}
