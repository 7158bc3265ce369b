import { isAllowedFileName } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { useContractTexts } from '../../i18n/contract-texts';
import { failureMessage } from '../../lib/api-errors';
import { uploadBusinessCertificate } from '../../lib/file-transfer';

type CertificateInputProps = {
  id: string;
  label: ReactNode;
  /** The file types the picker offers, e.g. SIGNUP_CERTIFICATE_ACCEPT. */
  accept: string;
  /** Called with the uploaded file's reference (send it as businessCertificateUrl) and its name. */
  onUploaded: (file: { fileUrl: string; fileName: string }) => void;
  describedBy?: string;
  invalid?: boolean;
};

/**
 * A business certificate picker that uploads as soon as a file is picked: a type the shop does not take is
 * refused with the spec's 'allowed file type: ...' alert, any failed upload with 'file upload failed...'.
 */
export function CertificateInput({
  id,
  label,
  accept,
  onUploaded,
  describedBy,
  invalid,
}: CertificateInputProps) {
  const alert = useAlert();
  const { messages } = useContractTexts();
  const [uploading, setUploading] = useState(false);

  const onChange = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (!isAllowedFileName(file.name)) {
      input.value = '';
      void alert(messages.file.typeNotAllowed);
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadBusinessCertificate(file));
    } catch (error) {
      input.value = '';
      void alert(failureMessage(error, messages.file.uploadFailed));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        className="file-input"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-busy={uploading || undefined}
        disabled={uploading}
        onChange={(event) => void onChange(event)}
      />
      {uploading && (
        <p role="status" className="field__hint">
          <Trans>Uploading...</Trans>
        </p>
      )}
    </>
  );
}
