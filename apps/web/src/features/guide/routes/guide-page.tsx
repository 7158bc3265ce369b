import { useParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { findGuide } from '../guides';

export function GuidePage() {
  const guide = findGuide(useParams().topic);
  useDocumentTitle(guide?.title);
  if (!guide) return <NotFound />;
  return (
    <article className="container page-narrow prose">
      <h1>{guide.title}</h1>
      {guide.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
