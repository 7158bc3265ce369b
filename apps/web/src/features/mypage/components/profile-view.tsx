import { truncateFileName, type UserProfile } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
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
  const { messages } = useContractTexts();
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
      <Row term={<Trans>Email</Trans>}>{profile.email}</Row>
      <Row term={<Trans>Phone number</Trans>}>{profile.phoneNumber}</Row>
      <Row term={<Trans>Company name</Trans>}>{profile.companyName}</Row>
      <Row term={<Trans>Representative name</Trans>}>{profile.representativeName}</Row>
      <Row term={<Trans>Business registration number</Trans>}>{profile.businessRegistrationNumber}</Row>
      <Row term={<Trans>Address</Trans>}>{profile.companyAddress}</Row>
      <Row term={<Trans>Postal code</Trans>}>{profile.postalCode || '-'}</Row>
      <Row term={<Trans>Business certificate</Trans>}>
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
              <Trans>Download</Trans>
            </button>
          </span>
        ) : (
          '-'
        )}
      </Row>
      <Row term={<Trans>Marketing agreement</Trans>}>
        {profile.marketingAgree ? <Trans>Agreed</Trans> : <Trans>Not agreed</Trans>}
      </Row>
    </dl>
  );
}

function Row({ term, children }: { term: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="profile-view__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
