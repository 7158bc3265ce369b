import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactRequest, contactRequest } from '@kshop/contract';
import { FormField, useAlert } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import '../../../components/ui/form-extras.css';
import { BusyLabel } from '../../../components/ui/busy-label';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isTooManyRequests } from '../../../lib/api-errors';
import { useIsLoggedIn } from '../../../lib/session';
import { useUserProfile } from '../../../lib/user-profile';
import { submitInquiry } from '../api/contact-api';

type ContactFormProps = {
  onSubmitInquiry?: (inquiry: ContactRequest) => Promise<unknown>;
  onSubmitted: () => void;
};

/**
 * Contact Us (spec sections 2, 5, 8). A member's company, representative and registration number come from the
 * profile and are locked; email and phone are filled in but stay editable. Submission errors are not shown.
 */
export function ContactForm({ onSubmitInquiry = submitInquiry, onSubmitted }: ContactFormProps) {
  const alert = useAlert();
  const { messages, localize } = useContractTexts();
  const shown = (message: string | undefined) => (message ? localize(message) : undefined);
  const isLoggedIn = useIsLoggedIn();
  const profile = useUserProfile({ enabled: isLoggedIn });
  const member = isLoggedIn ? profile.data : undefined;
  const { register, handleSubmit, reset, getValues, formState } = useForm({
    resolver: zodResolver(contactRequest),
    defaultValues: {
      businessRegistrationNumber: '',
      companyName: '',
      representativeName: '',
      email: '',
      phoneNumber: '',
      content: '',
    },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!member) return;
    const current = getValues();
    reset(
      {
        ...current,
        businessRegistrationNumber: member.businessRegistrationNumber,
        companyName: member.companyName,
        representativeName: member.representativeName,
        email: current.email || member.email,
        phoneNumber: current.phoneNumber || member.phoneNumber,
      },
      { keepErrors: true },
    );
  }, [member, getValues, reset]);

  const locked = (value: string | undefined) => Boolean(member && value);

  const submit = handleSubmit(async (inquiry) => {
    try {
      await onSubmitInquiry(inquiry);
    } catch (error) {
      // The spec ignores failed submissions; only 'Too many requests' asks the buyer to wait.
      if (isTooManyRequests(error)) void alert(messages.http.tooManyRequests);
      return;
    }
    await alert(messages.contact.success);
    onSubmitted();
  });

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <div className="contact-form__grid">
        <FormField
          label={<Trans>Business registration number</Trans>}
          error={shown(errors.businessRegistrationNumber?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('businessRegistrationNumber')}
              inputMode="numeric"
              aria-required="true"
              disabled={locked(member?.businessRegistrationNumber)}
            />
          )}
        </FormField>
        <FormField label={<Trans>Company name</Trans>} error={shown(errors.companyName?.message)}>
          {(control) => (
            <input
              {...control}
              {...register('companyName')}
              autoComplete="organization"
              aria-required="true"
              disabled={locked(member?.companyName)}
            />
          )}
        </FormField>
        <FormField
          label={<Trans>Representative name</Trans>}
          error={shown(errors.representativeName?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('representativeName')}
              autoComplete="name"
              aria-required="true"
              disabled={locked(member?.representativeName)}
            />
          )}
        </FormField>
        <FormField label={<Trans>Email</Trans>} error={shown(errors.email?.message)}>
          {(control) => (
            <input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="email"
              aria-required="true"
            />
          )}
        </FormField>
        <FormField
          label={<Trans>Phone number</Trans>}
          error={shown(errors.phoneNumber?.message)}
          className="contact-form__wide"
        >
          {(control) => (
            <input
              {...control}
              {...register('phoneNumber')}
              type="tel"
              autoComplete="tel"
              aria-required="true"
            />
          )}
        </FormField>
      </div>
      <FormField label={<Trans>Content</Trans>} error={shown(errors.content?.message)}>
        {(control) => <textarea {...control} {...register('content')} rows={10} aria-required="true" />}
      </FormField>
      <label className="checkbox">
        <input
          type="checkbox"
          {...register('termsOfServiceAgree')}
          aria-required="true"
          aria-invalid={errors.termsOfServiceAgree ? true : undefined}
          aria-describedby={errors.termsOfServiceAgree ? 'contact-terms-error' : undefined}
        />
        <span>
          <Trans>I agree to the terms of service</Trans>
        </span>
      </label>
      {errors.termsOfServiceAgree && (
        <p id="contact-terms-error" role="alert" className="field__error contact-form__terms-error">
          {shown(errors.termsOfServiceAgree.message)}
        </p>
      )}
      <p className="contact-form__terms-link">
        <Link to="/guide/terms">
          <Trans>Read the terms of service</Trans>
        </Link>
      </p>
      <button
        type="submit"
        className="button button--block button--large"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
      >
        <BusyLabel busy={isSubmitting}>
          <Trans>POST</Trans>
        </BusyLabel>
      </button>
    </form>
  );
}
