import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The first screen after signing in. */
export function Dashboard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('ra.page.dashboard')} />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('dars.dashboard.welcome')}
        </Typography>
        <Typography>{translate('dars.dashboard.hint')}</Typography>
      </CardContent>
    </Card>
  );
}
