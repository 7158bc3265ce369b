import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { useContractTexts } from '../../../i18n/contract-texts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { findGuide } from '../guides';

export function GuidePage() {
  const guide = findGuide(useParams().topic);
  const { i18n } = useLingui();
  const texts = useContractTexts();
  const title = guide ? i18n._(guide.title) : undefined;
  useDocumentTitle(title);
  if (!guide) return <NotFound />;
  const paragraphs = guide.paragraphs.flatMap((paragraph) =>
    'contract' in paragraph ? [paragraph.contract(texts)].flat() : [i18n._(paragraph)],
  );
  return (
    <article className="container page-narrow prose">
      <h1>{title}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
