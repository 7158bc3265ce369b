import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no back-office page at this address. <Link to="/">Go to the dashboard</Link>
      </p>
    </>
  );
}
