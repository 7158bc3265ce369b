import { PlaceholderPage } from '../../../app/routes/placeholder-page';

// Stand-in until this screen is built.
export function SignupPage() {
  return <PlaceholderPage title="CREATE ACCOUNT" />;
}
