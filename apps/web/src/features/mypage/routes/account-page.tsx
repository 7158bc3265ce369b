import { PlaceholderPage } from '../../../app/routes/placeholder-page';

// Stand-in until this screen is built.
export function AccountPage() {
  return <PlaceholderPage title="My Account" />;
}
