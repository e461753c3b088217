import { useEffect } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { t } from '../../../i18n/t';
import { loadCrisp, openCrispChat } from '../lib/load-crisp';

/**
 * The live chat (spec §2): loads the Crisp widget for the configured site, and offers a
 * button that opens it.
 */
export function LiveChat({ websiteId }: { websiteId: string }) {
  useEffect(() => loadCrisp(websiteId), [websiteId]);
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography component="h2" variant="h6" color="primary">
          {t('support.chatTitle')}
        </Typography>
        <Typography color="text.secondary">{t('support.chatLead')}</Typography>
        <Button variant="contained" startIcon={<ForumOutlinedIcon />} onClick={openCrispChat}>
          {t('support.chatOpen')}
        </Button>
      </Stack>
    </Paper>
  );
}
