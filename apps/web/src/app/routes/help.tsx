import { HelpPage } from '../../features/support/components/help-page';

export default function HelpRoute() {
  return <HelpPage />;
}
