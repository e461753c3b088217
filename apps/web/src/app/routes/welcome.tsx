import { FeaturedCourses } from '../../features/catalog/components/featured-courses';
import { WelcomeHero } from '../../features/catalog/components/welcome-hero';

export default function WelcomeRoute() {
  return (
    <>
      <WelcomeHero />
      <FeaturedCourses />
    </>
  );
}
