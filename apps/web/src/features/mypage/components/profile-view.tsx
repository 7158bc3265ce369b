import { messages, truncateFileName, type UserProfile } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { useState } from 'react';
import { failureMessage } from '../../../lib/api-errors';
import { downloadStoredFile } from '../../../lib/file-transfer';

type ProfileViewProps = {
  profile: UserProfile;
  /** Fetches the certificate; the page passes the real call, tests a stub. */
  onDownload?: (businessCertificateUrl: string) => Promise<void>;
};

/** My Account in view mode: every field as text, the certificate with its Download button. */
export function ProfileView({ profile, onDownload = downloadStoredFile }: ProfileViewProps) {
  const alert = useAlert();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await onDownload(profile.businessCertificateUrl);
    } catch (error) {
      void alert(failureMessage(error, messages.file.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <dl className="profile-view">
      <Row term="Email">{profile.email}</Row>
      <Row term="Phone number">{profile.phoneNumber}</Row>
      <Row term="Company name">{profile.companyName}</Row>
      <Row term="Representative name">{profile.representativeName}</Row>
      <Row term="Business registration number">{profile.businessRegistrationNumber}</Row>
      <Row term="Address">{profile.companyAddress}</Row>
      <Row term="Postal code">{profile.postalCode || '-'}</Row>
      <Row term="Business certificate">
        {profile.businessCertificateUrl ? (
          <span className="profile-view__file">
            <span title={profile.businessCertificateName}>
              {truncateFileName(profile.businessCertificateName)}
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={downloading}
              onClick={() => void download()}
            >
              Download
            </button>
          </span>
        ) : (
          '-'
        )}
      </Row>
      <Row term="Marketing agreement">{profile.marketingAgree ? 'Agreed' : 'Not agreed'}</Row>
    </dl>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="profile-view__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
