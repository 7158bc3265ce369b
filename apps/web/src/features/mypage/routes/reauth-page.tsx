import { PlaceholderPage } from '../../../app/routes/placeholder-page';

// Stand-in until this screen is built.
export function ReauthPage() {
  return <PlaceholderPage title="My Page" />;
}
