import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_CERTIFICATE_ACCEPT,
  digitsOnly,
  truncateFileName,
  type UpdateProfileRequest,
  type UserProfile,
  updateProfileRequest,
} from '@kshop/contract';
import { FormField, useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CertificateInput } from '../../../components/ui/certificate-input';
import '../../../components/ui/form-extras.css';
import { BusyLabel } from '../../../components/ui/busy-label';
import { useContractTexts } from '../../../i18n/contract-texts';
import { failureMessage } from '../../../lib/api-errors';
import { updateProfile } from '../api/account-api';

type ProfileFormProps = {
  profile: UserProfile;
  onCancel: () => void;
  /** Called after the server saved the profile (the page refetches it and returns to view mode). */
  onSaved: () => void;
  onSave?: (profile: UpdateProfileRequest) => Promise<unknown>;
};

export const profileFormValues = (profile: UserProfile) => ({
  phoneNumber: profile.phoneNumber,
  companyName: profile.companyName,
  representativeName: profile.representativeName,
  businessRegistrationNumber: profile.businessRegistrationNumber,
  companyAddress: profile.companyAddress,
  postalCode: profile.postalCode,
  marketingAgree: profile.marketingAgree,
  // Empty keeps the certificate on file; a new upload puts its URL here.
  businessCertificateUrl: '',
});

/** My Account in edit mode: the editable fields, validated with the contract's updateProfileRequest. */
export function ProfileForm({ profile, onCancel, onSaved, onSave = updateProfile }: ProfileFormProps) {
  const alert = useAlert();
  const { t } = useLingui();
  const { messages, localize } = useContractTexts();
  const shown = (message: string | undefined) => (message ? localize(message) : undefined);
  const [newCertificateName, setNewCertificateName] = useState<string | null>(null);
  const { register, handleSubmit, setValue, reset, formState } = useForm({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: profileFormValues(profile),
  });
  const { errors, isSubmitting } = formState;

  const numeric = (name: 'businessRegistrationNumber') => {
    const field = register(name);
    return {
      ...field,
      inputMode: 'numeric' as const,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.target.value = digitsOnly(event.target.value);
        return field.onChange(event);
      },
    };
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      void alert(failureMessage(error, messages.account.profileUpdateFailed));
      return;
    }
    onSaved();
    void alert(messages.account.profileUpdated);
  });

  const cancel = () => {
    reset(profileFormValues(profile));
    onCancel();
  };

  const currentFile = newCertificateName ?? profile.businessCertificateName;
  const truncatedFile = truncateFileName(currentFile);

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label={t`Edit profile`}>
      <FormField label={<Trans>Email</Trans>}>
        {(control) => (
          <input {...control} type="email" value={profile.email} readOnly className="field__readonly" />
        )}
      </FormField>
      <FormField label={<Trans>Phone number</Trans>} error={shown(errors.phoneNumber?.message)}>
        {(control) => <input {...control} {...register('phoneNumber')} type="tel" autoComplete="tel" />}
      </FormField>
      <FormField label={<Trans>Company name</Trans>} error={shown(errors.companyName?.message)}>
        {(control) => <input {...control} {...register('companyName')} autoComplete="organization" />}
      </FormField>
      <FormField label={<Trans>Representative name</Trans>} error={shown(errors.representativeName?.message)}>
        {(control) => <input {...control} {...register('representativeName')} autoComplete="name" />}
      </FormField>
      <FormField
        label={<Trans>Business registration number</Trans>}
        error={shown(errors.businessRegistrationNumber?.message)}
      >
        {(control) => <input {...control} {...numeric('businessRegistrationNumber')} />}
      </FormField>
      <FormField label={<Trans>Address</Trans>} error={shown(errors.companyAddress?.message)}>
        {(control) => <input {...control} {...register('companyAddress')} autoComplete="street-address" />}
      </FormField>
      <FormField
        label={<Trans>Postal code</Trans>}
        hint={<Trans>Optional</Trans>}
        error={shown(errors.postalCode?.message)}
      >
        {(control) => (
          <input
            {...control}
            {...register('postalCode')}
            // Korean postal codes are five digits; codes abroad take letters ('SW1A 1AA').
            inputMode={profile.isKoreanCompany ? 'numeric' : undefined}
            autoComplete="postal-code"
          />
        )}
      </FormField>
      <div className="field">
        <CertificateInput
          id="account-certificate"
          label={<Trans>Business certificate</Trans>}
          accept={ACCOUNT_CERTIFICATE_ACCEPT}
          describedBy={currentFile ? 'account-certificate-name' : undefined}
          onUploaded={({ fileUrl, fileName }) => {
            setValue('businessCertificateUrl', fileUrl, { shouldDirty: true });
            setNewCertificateName(fileName);
          }}
        />
        {currentFile && (
          <p id="account-certificate-name" className="file-name" title={currentFile}>
            {newCertificateName ? (
              <Trans>New file: {truncatedFile}</Trans>
            ) : (
              <Trans>Current file: {truncatedFile}</Trans>
            )}
          </p>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register('marketingAgree')} />
        <span>
          <Trans>I agree to receive marketing information</Trans>
        </span>
      </label>
      <div className="profile-form__actions">
        <button type="button" className="button button--secondary" onClick={cancel}>
          <Trans>CANCEL</Trans>
        </button>
        <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
          <BusyLabel busy={isSubmitting}>
            <Trans>SAVE</Trans>
          </BusyLabel>
        </button>
      </div>
    </form>
  );
}
