import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import SchoolRoundedIcon from '@mui/icons-material/SchoolRounded';

const FALLBACK_BACKGROUNDS = [
  'linear-gradient(135deg, #1f4fa3 0%, #3d7be0 100%)',
  'linear-gradient(135deg, #0f766e 0%, #2bb3a3 100%)',
  'linear-gradient(135deg, #7c3aed 0%, #a78bfa 100%)',
  'linear-gradient(135deg, #c2410c 0%, #f59e0b 100%)',
];

/**
 * A course's cover at 16:9. Without an image (or when it fails to load) a gradient with the
 * course's initial stands in, its colour stable per course.
 *
 * `priority` marks a cover that is on screen when the page opens (the first card of a grid,
 * the largest element of `/` and `/courses` on a phone): it loads at once and ahead of the
 * other images instead of waiting for the lazy-loading check after layout.
 */
export function CourseImage({
  src,
  name,
  seed,
  priority = false,
}: {
  src: string | null;
  name: string;
  seed: number;
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && src !== failedSrc;

  return (
    <Box
      sx={{ position: 'relative', aspectRatio: '16 / 9', overflow: 'hidden', bgcolor: 'grey.100' }}
    >
      {showImage ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailedSrc(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            color: 'rgba(255,255,255,0.92)',
            background: FALLBACK_BACKGROUNDS[Math.abs(seed) % FALLBACK_BACKGROUNDS.length],
          }}
        >
          <SchoolRoundedIcon sx={{ fontSize: 44, opacity: 0.9 }} />
          <Typography component="span" sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1 }}>
            {name.trim().charAt(0)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
