import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { t } from '../../../i18n/t';
import { dismissAnnouncement } from '../lib/announcement-storage';

/**
 * The general announcement of the settings as a dialog (spec §4); closing it remembers the
 * text so it is not shown again. Loaded only when there is one to show.
 */
export default function AnnouncementDialog({ text }: { text: string }) {
  const [open, setOpen] = useState(true);
  const close = () => {
    dismissAnnouncement(text);
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="announcement-title"
      aria-describedby="announcement-text"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle
        id="announcement-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}
      >
        <CampaignOutlinedIcon aria-hidden />
        {t('announcement.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText
          id="announcement-text"
          sx={{ whiteSpace: 'pre-line', lineHeight: 1.9, color: 'text.primary' }}
        >
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* Not autofocused: focus on a freshly opened page shows MUI's focus ripple, a pale
            blob on the button; the dialog itself takes the focus and Tab reaches it. */}
        <Button onClick={close} variant="contained">
          {t('announcement.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
