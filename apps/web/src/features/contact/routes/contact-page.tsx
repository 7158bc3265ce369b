import { PlaceholderPage } from '../../../app/routes/placeholder-page';

// Stand-in until this screen is built.
export function ContactPage() {
  return <PlaceholderPage title="Contact Us" />;
}
