import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import { Box, Stack, Typography } from '@mui/material';

/**
 * A quiet "nothing here" inside a page or a tab: an icon, one line, and an optional action.
 * Unlike `StatusScreen` it adds no heading, so the page keeps its own.
 * @example <EmptyState icon={<VideoLibraryOutlinedIcon />} text={t('myCourses.empty')} />
 */
export function EmptyState({
  icon,
  text,
  action,
}: {
  icon: ReactNode;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Stack
      role="status"
      spacing={1.5}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 6 }, px: 2 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
          color: 'primary.main',
          '& svg': { fontSize: 36 },
        }}
      >
        {icon}
      </Box>
      <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
      {action}
    </Stack>
  );
}
