import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { staffEndpoints as e, type StaffExamSession } from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { callStaff } from '../../data/http';
import { useStaffData } from '../../data/use-staff-data';

/** Whether the session's integrity record has anything to look at (ADR 044). */
export function isFlagged(session: StaffExamSession): boolean {
  const { away, other_devices, other_addresses } = session.integrity;
  return away + other_devices + other_addresses > 0;
}

/**
 * A session's integrity record in the results list (ADR 044): the counts, and a button that
 * opens the timeline. It informs a teacher's judgement; nothing is decided from it.
 */
export function SessionRecordCell({ session }: { session: StaffExamSession }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!isFlagged(session)) return <>{translate('dars.review.integrity.clean')}</>;
  const summary = translate('dars.review.integrity.summary', {
    away: formatNumber(session.integrity.away),
    devices: formatNumber(session.integrity.other_devices),
    addresses: formatNumber(session.integrity.other_addresses),
  });
  return (
    <>
      <Button
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        // The visible counts first (a spoken name begins with what is seen), then whose it is.
        aria-label={`${summary}: ${translate('dars.review.integrity.open', { name: session.student.name })}`}
      >
        {summary}
      </Button>
      {open && <SessionRecordDialog session={session} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The timeline: each event in order of arrival, the server's time and the device's. */
export function SessionRecordDialog({
  session,
  onClose,
}: {
  session: StaffExamSession;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const { data: events, failed } = useStaffData(
    () =>
      callStaff(e.staffListExamSessionEvents, { params: { id: session.id } }).then((a) => a.data),
    [session.id],
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {translate('dars.review.integrity.title', { name: session.student.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('dars.review.integrity.lead')}</DialogContentText>
        {failed && <Alert severity="error">{translate('ra.notification.http_error')}</Alert>}
        {events && events.length === 0 && (
          <Alert severity="info">{translate('dars.review.integrity.empty')}</Alert>
        )}
        {events && events.length > 0 && (
          <List dense>
            {events.map((event) => (
              <ListItem key={event.id} disableGutters>
                <ListItemText
                  primary={
                    <>
                      {translate(`dars.review.integrity.kinds.${event.kind}`)}
                      {event.address && (
                        <>
                          {' — '}
                          <bdi dir="ltr">{event.address}</bdi>
                        </>
                      )}
                    </>
                  }
                  secondary={
                    `${translate('dars.review.integrity.received')}: ${formatDateTime(event.created_at)}` +
                    (event.client_at
                      ? ` — ${translate('dars.review.integrity.device_time')}: ${formatDateTime(event.client_at)}`
                      : '')
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
