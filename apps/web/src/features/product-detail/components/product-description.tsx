import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { sanitizeDescription } from '../../../lib/sanitize-html';

export function ProductDescription({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeDescription(html), [html]);
  if (!clean.trim()) return null;
  return (
    <section className="detail-section" aria-labelledby="description-title">
      <h2 id="description-title" className="detail-section__title">
        <Trans>DETAILS</Trans>
      </h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to the spec's allowed tags */}
      <div className="product-description" dangerouslySetInnerHTML={{ __html: clean }} />
    </section>
  );
}
