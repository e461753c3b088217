import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Snackbar } from '@mui/material';
import { arPwa } from '../i18n/ar-pwa';
import { translator } from '../i18n/t';
import { useIsDesktop } from '../lib/use-is-desktop';
import { StyleProvider } from './style-provider';

const tpwa = translator(arPwa);

/** The id of the element the prompt is rendered into, outside the app's own root. */
export const UPDATE_PROMPT_ID = 'dars-update-prompt';

/**
 * «يتوفر إصدار جديد» with «تحديث» (ADR 056): shown when a newly deployed version of the app
 * waits to take over; «تحديث» hands over to it (the page then reloads), «لاحقاً» keeps this
 * version until the next visit. Placed as the app's other messages are: at the top on a phone
 * (the bottom bar and the forms' last buttons are below), at the bottom on a desktop.
 */
export function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  const desktop = useIsDesktop();
  const [open, setOpen] = useState(true);
  const [updating, setUpdating] = useState(false);
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: desktop ? 'bottom' : 'top', horizontal: 'center' }}
      sx={desktop ? { bottom: 24 } : { top: 8 }}
      message={tpwa('update.available')}
      // A polite announcement: it does not interrupt what the student is reading or typing.
      slotProps={{ content: { role: 'status', 'aria-live': 'polite' } }}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setOpen(false)}>
            {tpwa('update.later')}
          </Button>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            disabled={updating}
            onClick={() => {
              setUpdating(true);
              onUpdate();
            }}
          >
            {tpwa('update.refresh')}
          </Button>
        </>
      }
    />
  );
}

/**
 * Renders the prompt into a root of its own at the end of the page (once), in the app's
 * theme and direction: the app's tree is not touched, and nothing of it is on a first screen.
 * Returns what removes it (a test's cleanup; the app leaves it until the page reloads).
 * @example showUpdatePrompt(() => workbox.messageSkipWaiting())
 */
export function showUpdatePrompt(onUpdate: () => void): () => void {
  if (document.getElementById(UPDATE_PROMPT_ID)) return () => {};
  const host = document.createElement('div');
  host.id = UPDATE_PROMPT_ID;
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <StyleProvider>
      <UpdatePrompt onUpdate={onUpdate} />
    </StyleProvider>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
