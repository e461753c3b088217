import type { ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { t } from '../i18n/t';

/**
 * A failed load with a retry button beside the message (spec §8's generic failure texts).
 * @example <RetryAlert onRetry={() => void refetch()}>{t('home.loadFailed')}</RetryAlert>
 */
export function RetryAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
