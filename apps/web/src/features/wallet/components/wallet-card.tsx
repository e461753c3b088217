import { useId, type ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/**
 * One card of the wallet's top row, a section named by its small heading.
 * @example <WalletCard title={tw('page.balance')}>{balance}</WalletCard>
 */
export function WalletCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3 }}
    >
      <Typography id={headingId} component="h2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
