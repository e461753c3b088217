import { AboutPage } from '../../features/support/components/about-page';

export default function AboutRoute() {
  return <AboutPage />;
}
