import { useId } from 'react';
import { alpha } from '@mui/material/styles';
import { Box, ButtonBase, Chip, Stack, Typography } from '@mui/material';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import type { Lecture, PayType } from '@dars/contract';
import { formatMoney } from '../../../lib/format';
import { t, tPlural } from '../../../i18n/t';
import type { LectureState, LectureStatus } from '../lib/lecture-state';

const STATUS_CHIP: Record<
  LectureStatus,
  { label: () => string; color: 'success' | 'info' | 'default' | 'error' }
> = {
  purchased: { label: () => t('lectures.purchased'), color: 'success' },
  preview: { label: () => t('lectures.preview'), color: 'info' },
  locked: { label: () => t('lectures.locked'), color: 'default' },
  expired: { label: () => t('lectures.expired'), color: 'error' },
};

/**
 * A lecture in the course's list (spec §2): its number and name, its state (purchased,
 * preview, locked, expired), free or its price while it is not open, and how long a
 * purchase lasts. The whole row answers a tap, through one button named after the lecture
 * as it is shown (its state and price are the button's description). Lectures of a
 * whole-course purchase carry no price of their own: the course's is what counts.
 */
export function LectureListItem({
  lecture,
  payType,
  position,
  state,
  onClick,
}: {
  lecture: Lecture;
  payType: PayType;
  position: number;
  state: LectureState;
  onClick: () => void;
}) {
  const detailsId = useId();
  const chip = STATUS_CHIP[state.status];
  const Icon =
    state.status === 'expired'
      ? EventBusyOutlinedIcon
      : state.hasAccess
        ? PlayCircleOutlineRoundedIcon
        : LockOutlinedIcon;

  return (
    <Box
      sx={{
        // The lecture's button stretches over this row (its ::after), so the whole row
        // answers a tap while the button's name stays the lecture's visible name.
        position: 'relative',
        display: 'flex',
        gap: 1.5,
        px: 2,
        py: 1.5,
        alignItems: 'flex-start',
        transition: 'background-color 150ms',
        '&:hover': { bgcolor: 'action.hover' },
        '&:has(.Mui-focusVisible)': {
          bgcolor: 'action.focus',
          outline: '2px solid',
          outlineColor: 'primary.main',
          outlineOffset: -2,
        },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: (theme) =>
            state.hasAccess ? alpha(theme.palette.primary.main, 0.1) : theme.palette.grey[100],
          color: state.hasAccess ? 'primary.main' : 'text.secondary',
        }}
      >
        <Icon />
      </Box>
      <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, lineHeight: 1.6 }}>
          <Box component="span" sx={{ color: 'text.secondary', marginInlineEnd: 0.75 }}>
            {position}.
          </Box>
          <ButtonBase
            onClick={onClick}
            aria-describedby={detailsId}
            sx={{
              font: 'inherit',
              color: 'inherit',
              textAlign: 'start',
              display: 'inline',
              verticalAlign: 'baseline',
              // Static, so the ripple and the ::after below fill the row, not the name.
              position: 'static',
              '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
            }}
          >
            {lecture.name}
          </ButtonBase>
        </Typography>
        <Stack
          id={detailsId}
          direction="row"
          sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Chip size="small" label={chip.label()} color={chip.color} variant="outlined" />
          {payType === 'lectures' &&
            (state.free ? (
              <Chip size="small" label={t('lectures.free')} color="success" />
            ) : (
              !state.hasAccess && (
                <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.main' }}>
                  {formatMoney(state.price)}
                </Typography>
              )
            ))}
          {lecture.expiry_days !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('lectures.validFor', { days: tPlural('day', lecture.expiry_days) })}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
