import { Navigate } from 'react-router';
import { FeaturedCourses } from '../../features/catalog/components/featured-courses';
import { NativeWelcomeDialog } from '../../features/catalog/components/native-welcome-dialog';
import { WelcomeHero } from '../../features/catalog/components/welcome-hero';
import { platform } from '../../platform/platform';

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
      {platform.name === 'ios' && <NativeWelcomeDialog />}
    </>
  );
}
