import { PlaceholderPage } from '../../../app/routes/placeholder-page';

// Stand-in until this screen is built.
export function FindPasswordPage() {
  return <PlaceholderPage title="Find Password" />;
}
