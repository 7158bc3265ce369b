import { useLingui } from '@lingui/react/macro';
import { NotFound } from '../../components/ui/not-found';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return <NotFound />;
}
