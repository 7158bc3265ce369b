import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { AdminBuyerDetail } from '../api/buyers-api';

type Certificate = NonNullable<AdminBuyerDetail['certificate']>;
type Loaded = { status: 'loading' } | { status: 'ready'; objectUrl: string } | { status: 'failed' };

/**
 * The business certificate inside the page. Its signed URL answers with Content-Disposition: attachment, which
 * a frame would download instead of showing, so the file is fetched as a blob and shown from an object URL.
 */
export function CertificateViewer({
  certificate,
  companyName,
}: {
  certificate: Certificate;
  companyName: string;
}) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const isPdf = certificate.contentType === 'application/pdf';
  const isImage = certificate.contentType.startsWith('image/');

  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    fetch(certificate.url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        // Typed from the API's record, so the browser renders it whatever the download's own header said.
        objectUrl = URL.createObjectURL(new Blob([blob], { type: certificate.contentType }));
        setLoaded({ status: 'ready', objectUrl });
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setLoaded({ status: 'failed' });
      });
    // A Content-Security-Policy without blob: in frame-src blocks the frame silently; the page then says so.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (objectUrl && event.blockedURI.startsWith('blob')) setLoaded({ status: 'failed' });
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [certificate.url, certificate.contentType]);

  const title = t`Business certificate of ${companyName}`;
  return (
    <div className="certificate">
      <p className="certificate__file">
        {certificate.fileName}{' '}
        <a href={certificate.url} download={certificate.fileName}>
          <Trans>Download</Trans>
        </a>
      </p>
      {loaded.status === 'loading' && (
        <p role="status">
          <Trans>Loading the certificate...</Trans>
        </p>
      )}
      {loaded.status === 'failed' && (
        <p role="alert" className="form-error">
          <Trans>The certificate could not be shown. Use Download instead.</Trans>
        </p>
      )}
      {loaded.status === 'ready' &&
        (isPdf ? (
          <iframe title={title} src={loaded.objectUrl} className="certificate__frame" />
        ) : isImage ? (
          <img alt={title} src={loaded.objectUrl} className="certificate__image" />
        ) : (
          <p>
            <Trans>This file type cannot be shown in the page. Use Download instead.</Trans>
          </p>
        ))}
    </div>
  );
}
