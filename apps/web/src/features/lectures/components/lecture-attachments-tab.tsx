import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import AttachFileRoundedIcon from '@mui/icons-material/AttachFileRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Attachment } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { formatFileSize } from '../../../lib/format';
import { t } from '../../../i18n/t';

/**
 * The attachments tab (spec §2): each file with its name, extension chip (pdf stands out),
 * size and a download link. The link is signed and short-lived; it opens in a new tab.
 */
export function LectureAttachmentsTab({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0)
    return <EmptyState icon={<AttachFileRoundedIcon />} text={t('lectureDialog.noAttachments')} />;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {attachments.map((attachment) => {
        const extension = attachment.meta.extension.toLowerCase();
        const pdf = extension === 'pdf';
        const Icon = pdf ? PictureAsPdfOutlinedIcon : DescriptionOutlinedIcon;
        return (
          <li key={attachment.id}>
            <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, borderRadius: 2 }}>
              <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
                <Icon aria-hidden sx={{ color: pdf ? 'error.main' : 'text.secondary' }} />
                <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {attachment.name}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                    <Chip
                      size="small"
                      label={extension.toUpperCase()}
                      color={pdf ? 'error' : 'default'}
                      variant={pdf ? 'filled' : 'outlined'}
                      sx={{ fontWeight: 700, direction: 'ltr' }}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {formatFileSize(attachment.size)}
                    </Typography>
                  </Stack>
                </Stack>
                <Button
                  component="a"
                  href={attachment.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  startIcon={<DownloadRoundedIcon />}
                  aria-label={t('lectureDialog.download', { name: attachment.name })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('lectureDialog.downloadShort')}
                </Button>
              </Stack>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
