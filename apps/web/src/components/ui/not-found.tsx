import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';

/** 'Nothing here' with a way home: unknown routes, unknown products, malformed ids. */
export function NotFound({ title, message }: { title?: string; message?: string }) {
  const { t } = useLingui();
  return (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{title ?? t`Page not found`}</h1>
      <p>{message ?? t`The page you are looking for does not exist or has moved.`}</p>
      <Link to="/" className="button">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}
