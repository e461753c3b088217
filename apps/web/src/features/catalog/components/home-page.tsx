import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Container, Skeleton, Stack, Typography } from '@mui/material';
import { CAROUSEL_HEIGHT } from '@dars/contract/plain';
import { useAppSettings } from '../../../lib/app-settings-context';
import { useSession } from '../../../lib/session-context';
import { isPhoneOrTablet } from '../../../platform/device';
import { t } from '../../../i18n/t';
import { useHome } from '../api/get-home';
import { walletHandOffQuery, walletHandOffToken } from '../lib/wallet-hand-off';
import { CourseGridSkeleton } from './course-grid';
import { CourseSection } from './course-section';
import { HeaderCarousel } from './header-carousel';
import { HomeClassicList, HomeTiles } from './home-destinations';
import { RetryAlert } from '../../../components/retry-alert';

/** A positive integer id from the query, or null. */
function courseParam(search: string): string | null {
  const id = new URLSearchParams(search).get('course');
  return id && /^[1-9]\d*$/.test(id) ? id : null;
}

/**
 * Home (spec §2): `?course=` goes to that course; a native app's wallet hand-off (`tk`,
 * `from=app`, `to=w`) stores the token and opens the wallet; otherwise the carousel, the
 * navigation tiles (or the classic list) and the featured and latest courses.
 */
export function HomePage() {
  const location = useLocation();
  const settings = useAppSettings();
  const handOff = walletHandOffToken(location.search, {
    phoneOrTablet: isPhoneOrTablet(),
    walletEnabled: settings.enable_wallet_system,
  });
  const course = courseParam(location.search);
  const { signedIn } = useSession();

  if (handOff) return <WalletHandOff token={handOff} query={walletHandOffQuery(location.search)} />;
  // A guest only reaches home with a hand-off link that does not apply here (see the guard).
  if (!signedIn) return <Navigate to={{ pathname: '/login', search: location.search }} replace />;
  if (course) return <Navigate to={`/courses/${course}`} replace />;
  return <HomeContent />;
}

function WalletHandOff({ token, query }: { token: string; query: string }) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const handed = useRef<string | null>(null);
  useEffect(() => {
    // Storing the token changes the outside world (storage), once per token.
    if (handed.current === token) return;
    handed.current = token;
    signIn(token, null);
    void navigate({ pathname: '/wallet', search: query }, { replace: true });
  }, [token, query, signIn, navigate]);
  return null;
}

function HomeContent() {
  const { home_mode } = useAppSettings();
  const { user } = useSession();
  const { data, isPending, isError, refetch } = useHome();

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack spacing={{ xs: 3, md: 4 }}>
        <Typography component="h1" variant="h5" sx={{ fontSize: { xs: '1.3rem', md: '1.6rem' } }}>
          {user
            ? t('home.greeting', { name: user.name.split(' ')[0] ?? user.name })
            : t('home.title')}
        </Typography>
        {isPending ? (
          <Skeleton
            variant="rounded"
            sx={{ height: { xs: CAROUSEL_HEIGHT.phone, md: CAROUSEL_HEIGHT.desktop } }}
          />
        ) : (
          data && <HeaderCarousel slides={data.header_images} />
        )}
        {home_mode === 'classic' ? <HomeClassicList /> : <HomeTiles />}
        {isPending ? (
          <CourseGridSkeleton count={4} label={t('courses.loadingCourses')} />
        ) : isError ? (
          <RetryAlert onRetry={() => void refetch()}>{t('home.loadFailed')}</RetryAlert>
        ) : (
          <>
            <CourseSection title={t('home.featuredTitle')} courses={data.featured_courses} />
            <CourseSection title={t('home.latestTitle')} courses={data.latest_courses} />
          </>
        )}
      </Stack>
    </Container>
  );
}
