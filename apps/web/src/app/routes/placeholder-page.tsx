import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Stands in for the screens of the next round (sign-up, find password, contact, cart, order, My Page). */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="container page-narrow placeholder">
      <h1>{title}</h1>
      <p>
        <Trans>This page is coming soon.</Trans>
      </p>
      <Link to="/" className="button button--secondary">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}
