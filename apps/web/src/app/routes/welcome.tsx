import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { FeaturedCourses } from '../../features/catalog/components/featured-courses';
import { WelcomeHero } from '../../features/catalog/components/welcome-hero';
import { platform } from '../../platform/platform';

/**
 * The iOS app's welcome dialog: its own chunk, so that MUI's Dialog and Modal stay out of the
 * landing page of the web, where it is never shown (ADR 041).
 */
const NativeWelcomeDialog = lazy(() =>
  import('../../features/catalog/components/native-welcome-dialog').then((m) => ({
    default: m.NativeWelcomeDialog,
  })),
);

/**
 * The welcome page (spec §2): the hero and featured courses on the web; the Android app goes
 * to login, the iOS app shows its welcome dialog over the page.
 */
export default function WelcomeRoute() {
  if (platform.name === 'android') return <Navigate to="/login" replace />;
  return (
    <>
      <WelcomeHero />
      <FeaturedCourses />
      {platform.name === 'ios' && (
        <Suspense fallback={null}>
          <NativeWelcomeDialog />
        </Suspense>
      )}
    </>
  );
}
