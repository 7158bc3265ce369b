import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Not found`);
  return (
    <>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>
          There is no back-office page at this address. <Link to="/">Go to the dashboard</Link>
        </Trans>
      </p>
    </>
  );
}
