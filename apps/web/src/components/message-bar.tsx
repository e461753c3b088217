import { useEffect, useState } from 'react';
import { Alert, Collapse } from '@mui/material';
import { MESSAGE_BAR_TIMEOUT_MS } from '@dars/contract/plain';

export interface Message {
  text: string;
  severity: 'success' | 'error' | 'warning' | 'info';
}

/**
 * A message shown inside a form for 4 s (spec §9), then hidden. `message` is a new object
 * per event, so the same text shown twice still starts a fresh timer.
 * @example <MessageBar message={message} />
 */
export function MessageBar({
  message,
  timeout = MESSAGE_BAR_TIMEOUT_MS,
}: {
  message: Message | null;
  /** null keeps it until the next message. */
  timeout?: number | null;
}) {
  const [hidden, setHidden] = useState<Message | null>(null);
  useEffect(() => {
    if (!message || timeout === null) return;
    const timer = window.setTimeout(() => setHidden(message), timeout);
    return () => window.clearTimeout(timer);
  }, [message, timeout]);

  const visible = message !== null && hidden !== message;
  return (
    <Collapse in={visible} unmountOnExit>
      {message && (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          sx={{ alignItems: 'center' }}
        >
          {message.text}
        </Alert>
      )}
    </Collapse>
  );
}
