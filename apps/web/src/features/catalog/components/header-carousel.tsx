import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, ButtonBase, IconButton, Stack } from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import type { HeaderImage } from '@dars/contract';
import { CAROUSEL_HEIGHT } from '@dars/contract/plain';
import { t } from '../../../i18n/t';

/** Time each slide stays before the next one comes in. */
const AUTO_ADVANCE_MS = 6000;
/** A horizontal drag longer than this changes the slide. */
const SWIPE_PX = 40;

/**
 * The slide a swipe leads to. The page is right-to-left, so the next slide waits at the
 * left: dragging to the right (positive dx) brings it in, dragging to the left goes back.
 * @example swipeTarget(0, 80, 3) // 1
 * @example swipeTarget(0, -80, 3) // 2
 */
export function swipeTarget(index: number, dx: number, count: number): number {
  if (Math.abs(dx) < SWIPE_PX || count < 2) return index;
  return (index + (dx > 0 ? 1 : -1) + count) % count;
}

function SlideLink({
  slide,
  label,
  children,
}: {
  slide: HeaderImage;
  label: string;
  children: ReactNode;
}) {
  const common = { 'aria-label': label, sx: { display: 'block', width: '100%', height: '100%' } };
  // spec §2: href opens outside; to is a route of the app.
  if (slide.href)
    return (
      <Box component="a" href={slide.href} target="_blank" rel="noopener noreferrer" {...common}>
        {children}
      </Box>
    );
  if (slide.to)
    return (
      <Box component={Link} to={slide.to} {...common}>
        {children}
      </Box>
    );
  return <>{children}</>;
}

/**
 * The home carousel of header_images (spec §2, §9): 450 px high on desktop and 165 px on
 * phones, advancing by itself (paused while pointed at or focused), with dots, arrows on
 * desktop and right-to-left swipes.
 */
export function HeaderCarousel({ slides }: { slides: HeaderImage[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const dragStart = useRef<number | null>(null);
  const count = slides.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, count]);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);

  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (dragStart.current === null) return;
    go(swipeTarget(current, event.clientX - dragStart.current, count));
    dragStart.current = null;
  };

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('home.carousel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{
        position: 'relative',
        height: { xs: CAROUSEL_HEIGHT.phone, md: CAROUSEL_HEIGHT.desktop },
        borderRadius: { xs: 2, md: 3 },
        overflow: 'hidden',
        bgcolor: 'grey.200',
        touchAction: 'pan-y',
        userSelect: 'none',
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (dragStart.current = null)}
    >
      {slides.map((slide, i) => {
        const label = t('home.slide', { n: i + 1, total: count });
        return (
          <Box
            key={`${slide.url}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={label}
            aria-hidden={i !== current}
            inert={i !== current}
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              width: '100%',
              // Logical offset: the next slide waits at the inline end (the left in RTL).
              insetInlineStart: `${(i - current) * 100}%`,
              transition: 'inset-inline-start 450ms ease',
            }}
          >
            <SlideLink slide={slide} label={label}>
              <Box
                component="img"
                src={slide.url}
                alt=""
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
                sx={{
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  // Cropped on narrow screens from the inline end: RTL slides start at the right.
                  objectPosition: (theme) => (theme.direction === 'rtl' ? '100% 50%' : '0% 50%'),
                  display: 'block',
                }}
              />
            </SlideLink>
          </Box>
        );
      })}
      {count > 1 && (
        <>
          <IconButton
            aria-label={t('home.previousSlide')}
            onClick={() => go(current - 1)}
            sx={{ ...arrowSx, insetInlineStart: 12, display: { xs: 'none', md: 'inline-flex' } }}
          >
            <ChevronRightRoundedIcon />
          </IconButton>
          <IconButton
            aria-label={t('home.nextSlide')}
            onClick={() => go(current + 1)}
            sx={{ ...arrowSx, insetInlineEnd: 12, display: { xs: 'none', md: 'inline-flex' } }}
          >
            <ChevronLeftRoundedIcon />
          </IconButton>
          <Stack
            direction="row"
            spacing={0.75}
            sx={{
              position: 'absolute',
              bottom: { xs: 8, md: 16 },
              insetInline: 0,
              justifyContent: 'center',
            }}
          >
            {slides.map((slide, i) => (
              <ButtonBase
                key={`${slide.url}-dot-${i}`}
                aria-label={t('home.goToSlide', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                sx={{
                  width: i === current ? 22 : 8,
                  height: 8,
                  borderRadius: 4,
                  bgcolor: i === current ? 'common.white' : 'rgba(255,255,255,0.55)',
                  boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
                  transition: 'width 200ms',
                }}
              />
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}

/** The arrows point the way the slides move: right for previous, left for next (RTL). */
const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255,255,255,0.85)',
  '&:hover': { bgcolor: 'common.white' },
} as const;
