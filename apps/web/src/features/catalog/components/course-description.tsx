import { useId, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { DESCRIPTION_TRUNCATE } from '@dars/contract/plain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { t } from '../../../i18n/t';
import { truncateDescription } from '../lib/truncate-description';

/**
 * A course description cut at 350 characters on desktop and 200 on phones (spec §5), with
 * show more / show less. Line breaks of the teacher's text are kept; it is text, never HTML.
 */
export function CourseDescription({ text }: { text: string }) {
  const isDesktop = useIsDesktop();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const limit = isDesktop ? DESCRIPTION_TRUNCATE.desktop : DESCRIPTION_TRUNCATE.phone;
  const short = truncateDescription(text, limit);

  return (
    <>
      <Typography
        id={id}
        component="p"
        sx={{ whiteSpace: 'pre-line', lineHeight: 2, color: 'text.secondary' }}
      >
        {expanded ? text : short.text}
      </Typography>
      {short.truncated && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          sx={{ alignSelf: 'flex-start', mt: 0.5 }}
        >
          {expanded ? t('course.showLess') : t('course.showMore')}
        </Button>
      )}
    </>
  );
}
