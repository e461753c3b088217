import { Chip } from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { t } from '../../../i18n/t';
import { formatCountdown, timerTone } from '../lib/exam-timer';

const WARNING_ORANGE = '#b45309';

/**
 * The session's countdown (spec §2): plain, orange under 600 s, red under 180 s. A timer
 * role: screen readers read it when asked, not every second.
 */
export function CountdownChip({ seconds }: { seconds: number }) {
  const tone = timerTone(seconds);
  const clock = formatCountdown(seconds);
  return (
    <Chip
      role="timer"
      aria-label={`${t('examSession.timeLeft')} ${clock}`}
      data-tone={tone}
      icon={<TimerOutlinedIcon />}
      color={tone === 'default' ? 'primary' : tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      label={<span dir="ltr">{clock}</span>}
      sx={{
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
        minWidth: 96,
        // MUI's orange holds white text at 3:1; a darker orange reads at 5:1 (WCAG AA).
        ...(tone === 'warning' && {
          bgcolor: WARNING_ORANGE,
          '&:hover': { bgcolor: WARNING_ORANGE },
        }),
      }}
    />
  );
}
