import { HomePage } from '../../features/catalog/components/home-page';

export default function HomeRoute() {
  return <HomePage />;
}
