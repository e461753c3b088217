import { useState } from 'react';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import SearchIcon from '@mui/icons-material/Search';
import { t } from '../../../i18n/t';

/**
 * An image shown small that opens full size in a dialog (spec §2: the question's image with a
 * full-image viewer). `maxWidth` bounds the small one.
 * @example <ZoomableImage src={question.image_url} alt={t('examSession.questionImage')} maxWidth={600} />
 */
export function ZoomableImage({
  src,
  alt,
  maxWidth,
}: {
  src: string;
  alt: string;
  maxWidth: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`${t('examSession.showFullImage')}: ${alt}`}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          maxWidth: '100%',
          width: 'fit-content',
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          sx={{ display: 'block', maxWidth: { xs: '100%', sm: maxWidth }, height: 'auto' }}
        />
        <SearchIcon
          aria-hidden
          sx={{
            position: 'absolute',
            bottom: 6,
            insetInlineEnd: 6,
            bgcolor: 'rgba(0,0,0,0.55)',
            color: '#fff',
            borderRadius: '50%',
            p: 0.5,
            fontSize: 30,
          }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth>
        <DialogTitle sx={{ pe: 7 }}>{t('examSession.fullImage')}</DialogTitle>
        <IconButton
          onClick={() => setOpen(false)}
          aria-label={t('examSession.closeImage')}
          sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
        >
          <CloseRoundedIcon />
        </IconButton>
        <DialogContent sx={{ display: 'grid', placeItems: 'center' }}>
          <Box
            component="img"
            src={src}
            alt={alt}
            sx={{ maxWidth: '100%', maxHeight: '80vh', objectFit: 'contain' }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
