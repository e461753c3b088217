import { useId, type ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/**
 * A chart or table in a card, its title the figure's caption and, through aria-labelledby,
 * its name (browsers do not all name a figure from its caption).
 */
export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <Card
      variant="outlined"
      component="figure"
      aria-labelledby={captionId}
      sx={{ m: 0, height: '100%' }}
    >
      <CardContent>
        <Typography id={captionId} component="figcaption" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
