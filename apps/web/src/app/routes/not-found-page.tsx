import { NotFound } from '../../components/ui/not-found';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return <NotFound />;
}
