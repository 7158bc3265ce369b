import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmPasswordError,
  messages as contractMessages,
  digitsOnly,
  emailRequest,
  emailVerificationRequest,
  newPasswordError,
  PHONE_PLACEHOLDER_SIGNUP,
  SIGNUP_CERTIFICATE_ACCEPT,
  signupRequest,
  VERIFICATION_SECONDS,
} from '@kshop/contract';
import { FormField, useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CertificateInput } from '../../../components/ui/certificate-input';
import '../../../components/ui/form-extras.css';
import { BusyLabel } from '../../../components/ui/busy-label';
import { sameMessage, useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';
import { isTooManyRequests } from '../../../lib/api-errors';
import {
  checkEmailAvailable,
  isExpiredCodeError,
  isWrongCodeError,
  type SignupSubmission,
  sendVerificationCode,
  signUp,
  verifyEmailCode,
} from '../api/signup-api';
import { formatCountdown, useCountdown } from './use-countdown';

type SignupFormProps = {
  /** Sends the finished form; the page passes the real call, tests a stub. */
  onSignUp?: (form: SignupSubmission) => Promise<unknown>;
  onSignedUp: () => void;
};

type EmailStatus = 'idle' | 'sent' | 'expired' | 'verified';

/** The agreements are labelled required with no client check (spec section 5); the server refuses them unticked. */
const signupFormSchema = signupRequest.omit({ personalInfoAgree: true, termsOfServiceAgree: true });

/**
 * 'CREATE ACCOUNT' (spec sections 2, 4, 5, 8). The email is proven by a mailed code: Send starts a 3:00 countdown,
 * Verify stops it and locks the email, sending again starts over. At 0:00 the code has expired: Verify is disabled
 * and Send reads 'Send again'. The rest of the form is checked with the contract's signupRequest, the same schema
 * the API uses, except the agreements.
 */
export function SignupForm({ onSignUp = signUp, onSignedUp }: SignupFormProps) {
  const alert = useAlert();
  const { t } = useLingui();
  const { messages, localize } = useContractTexts();
  /** A check's message (the contract's English, or the API's answer) in the page's language. */
  const shown = (message: string | null | undefined) => (message ? localize(message) : null);
  const { register, handleSubmit, watch, setValue, setError, clearErrors, getValues, formState } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      email: '',
      password: '',
      companyName: '',
      companyAddress: '',
      representativeName: '',
      phoneNumber: '',
      businessRegistrationNumber: '',
      businessCertificateUrl: '',
      postalCode: '',
      marketingAgree: false,
    },
  });
  const { errors, isSubmitted, isSubmitting } = formState;

  const countdown = useCountdown();
  const [emailStatus, setEmailStatus] = useState<EmailStatus>('idle');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [pending, setPending] = useState<'send' | 'verify' | null>(null);
  const [passwordCheck, setPasswordCheck] = useState('');
  const [certificateName, setCertificateName] = useState<string | null>(null);
  const [personalInfoAgree, setPersonalInfoAgree] = useState(false);
  const [termsOfServiceAgree, setTermsOfServiceAgree] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordCheckRef = useRef<HTMLInputElement>(null);

  const password = watch('password') ?? '';
  const isKoreanCompany = watch('isKoreanCompany');
  // An empty new password shows no error, also after a submit attempt (spec section 5); the field is still marked.
  const passwordError =
    password === '' ? null : shown(newPasswordError(password) ?? errors.password?.message);
  const passwordMissing = isSubmitted && password === '';
  const codeExpired = emailStatus === 'expired' || (emailStatus === 'sent' && !countdown.running);
  const passwordCheckError = shown(
    confirmPasswordError(password, passwordCheck) ??
      (isSubmitted && password !== passwordCheck ? contractMessages.password.mismatch : null),
  );

  const showWrongCode = () => {
    setCodeError(contractMessages.signup.wrongCode);
    codeRef.current?.focus();
  };

  const onSend = async () => {
    const parsed = emailRequest.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    clearErrors('email');
    setPending('send');
    try {
      await checkEmailAvailable(parsed.data.email);
      await sendVerificationCode(parsed.data.email);
      setEmailStatus('sent');
      setCode('');
      setCodeError(null);
      countdown.start(VERIFICATION_SECONDS);
    } catch (error) {
      if (isApiError(error) && sameMessage(error.message, contractMessages.signup.userExists)) {
        void alert(messages.signup.userExistsAlert);
      } else if (isTooManyRequests(error)) {
        void alert(messages.http.tooManyRequests);
      } else if (isApiError(error)) {
        setError('email', { message: error.message });
      }
    } finally {
      setPending(null);
    }
  };

  const onVerify = async () => {
    if (codeExpired) return;
    const parsed = emailVerificationRequest.safeParse({ email: getValues('email'), code });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'email') setError('email', { message: issue.message });
      else showWrongCode();
      return;
    }
    setPending('verify');
    try {
      await verifyEmailCode(parsed.data.email, parsed.data.code);
      countdown.stop();
      setEmailStatus('verified');
      setCodeError(null);
    } catch (error) {
      if (isTooManyRequests(error)) void alert(messages.http.tooManyRequests);
      else if (isExpiredCodeError(error)) {
        countdown.stop();
        setEmailStatus('expired');
      } else if (isWrongCodeError(error)) showWrongCode();
      else if (isApiError(error)) setCodeError(error.message);
    } finally {
      setPending(null);
    }
  };

  const submit = handleSubmit(async (form) => {
    setServerError(null);
    if (form.password !== passwordCheck) {
      passwordCheckRef.current?.focus();
      return;
    }
    try {
      await onSignUp({ ...form, personalInfoAgree, termsOfServiceAgree });
    } catch (error) {
      if (!isApiError(error)) return;
      if (sameMessage(error.message, contractMessages.signup.userExists))
        void alert(messages.signup.userExistsAlert);
      else if (isTooManyRequests(error)) void alert(messages.http.tooManyRequests);
      else if (isWrongCodeError(error)) showWrongCode();
      // Other refusals stay silent (spec section 8), except a validation message the buyer can act on.
      else if (error.statusCode === 400) setServerError(error.message);
      return;
    }
    await alert(messages.signup.success);
    onSignedUp();
  });

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

  const chooseLocation = (korean: boolean) =>
    setValue('isKoreanCompany', korean, { shouldValidate: isSubmitted, shouldDirty: true });

  const verified = emailStatus === 'verified';
  const emailField = register('email');

  return (
    <form className="auth-form signup-form" onSubmit={submit} noValidate>
      <FormField label={<Trans>Email</Trans>} error={shown(errors.email?.message)}>
        {(control) => (
          <div className="field__with-button">
            <input
              {...control}
              {...emailField}
              type="email"
              autoComplete="email"
              aria-required="true"
              readOnly={verified}
              className="field__readonly"
            />
            <button
              type="button"
              className="button button--secondary"
              disabled={pending !== null}
              aria-busy={pending === 'send'}
              onClick={() => void onSend()}
            >
              <BusyLabel busy={pending === 'send'}>
                {codeExpired ? <Trans>Send again</Trans> : <Trans>Send</Trans>}
              </BusyLabel>
            </button>
          </div>
        )}
      </FormField>

      <FormField
        label={<Trans>Verification code</Trans>}
        error={codeExpired ? messages.signup.codeExpired : shown(codeError)}
        hint={
          verified ? (
            <span className="field__success">
              <Trans>Email verified.</Trans>
            </span>
          ) : emailStatus === 'sent' && !codeExpired ? (
            <Trans>We sent a 6-digit code to your email.</Trans>
          ) : undefined
        }
      >
        {(control) => (
          <div className="field__with-button">
            <input
              {...control}
              ref={codeRef}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              disabled={verified}
              onChange={(event) => {
                setCode(digitsOnly(event.target.value));
                setCodeError(null);
              }}
            />
            {(emailStatus === 'sent' || emailStatus === 'expired') && (
              <span role="timer" aria-label={t`Time left`} className="signup-form__timer">
                {formatCountdown(countdown.secondsLeft)}
              </span>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={emailStatus !== 'sent' || codeExpired || pending !== null}
              onClick={() => void onVerify()}
            >
              <Trans>Verify</Trans>
            </button>
          </div>
        )}
      </FormField>

      <FormField label={<Trans>Password</Trans>} error={passwordError} hint={messages.password.hint}>
        {(control) => (
          <input
            {...control}
            {...register('password')}
            type="password"
            autoComplete="new-password"
            aria-invalid={control['aria-invalid'] ?? (passwordMissing || undefined)}
          />
        )}
      </FormField>

      <FormField label={<Trans>Password check</Trans>} error={passwordCheckError}>
        {(control) => (
          <input
            {...control}
            ref={passwordCheckRef}
            type="password"
            autoComplete="new-password"
            value={passwordCheck}
            onChange={(event) => setPasswordCheck(event.target.value)}
          />
        )}
      </FormField>

      <h2 className="form-section-title">
        <Trans context="sign-up form section">Company</Trans>
      </h2>
      <div className="field">
        <span id="signup-location-label" className="field__label">
          <Trans>Company Location</Trans>
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a fieldset of form inputs */}
        <div
          role="group"
          aria-labelledby="signup-location-label"
          aria-describedby={errors.isKoreanCompany ? 'signup-location-error' : undefined}
          className="toggle-group"
        >
          <button
            type="button"
            className="button"
            aria-pressed={isKoreanCompany === true}
            onClick={() => chooseLocation(true)}
          >
            <Trans>Korea Company</Trans>
          </button>
          <button
            type="button"
            className="button"
            aria-pressed={isKoreanCompany === false}
            onClick={() => chooseLocation(false)}
          >
            <Trans>Global Company</Trans>
          </button>
        </div>
        {errors.isKoreanCompany && (
          <p id="signup-location-error" role="alert" className="field__error">
            {shown(errors.isKoreanCompany.message)}
          </p>
        )}
      </div>

      <FormField
        label={<Trans>Business registration number</Trans>}
        error={shown(errors.businessRegistrationNumber?.message)}
      >
        {(control) => <input {...control} {...numeric('businessRegistrationNumber')} aria-required="true" />}
      </FormField>
      <FormField label={<Trans>Company name</Trans>} error={shown(errors.companyName?.message)}>
        {(control) => (
          <input {...control} {...register('companyName')} autoComplete="organization" aria-required="true" />
        )}
      </FormField>
      <FormField label={<Trans>Representative name</Trans>} error={shown(errors.representativeName?.message)}>
        {(control) => (
          <input {...control} {...register('representativeName')} autoComplete="name" aria-required="true" />
        )}
      </FormField>
      <FormField label={<Trans>Phone number</Trans>} error={shown(errors.phoneNumber?.message)}>
        {(control) => (
          <input
            {...control}
            {...register('phoneNumber')}
            type="tel"
            autoComplete="tel"
            placeholder={PHONE_PLACEHOLDER_SIGNUP}
            aria-required="true"
          />
        )}
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
            inputMode={isKoreanCompany ? 'numeric' : undefined}
            autoComplete="postal-code"
          />
        )}
      </FormField>
      <FormField label={<Trans>Business address</Trans>} error={shown(errors.companyAddress?.message)}>
        {(control) => (
          <input
            {...control}
            {...register('companyAddress')}
            autoComplete="street-address"
            aria-required="true"
          />
        )}
      </FormField>
      <div className="field">
        <CertificateInput
          id="signup-certificate"
          label={<Trans>Business certificate</Trans>}
          accept={SIGNUP_CERTIFICATE_ACCEPT}
          describedBy={
            [
              certificateName && 'signup-certificate-name',
              errors.businessCertificateUrl && 'signup-certificate-error',
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          invalid={Boolean(errors.businessCertificateUrl)}
          onUploaded={({ fileUrl, fileName }) => {
            setValue('businessCertificateUrl', fileUrl, { shouldValidate: isSubmitted });
            setCertificateName(fileName);
          }}
        />
        {certificateName && (
          <p id="signup-certificate-name" className="file-name">
            <Trans>Uploaded: {certificateName}</Trans>
          </p>
        )}
        {errors.businessCertificateUrl && (
          <p id="signup-certificate-error" role="alert" className="field__error">
            {shown(errors.businessCertificateUrl.message)}
          </p>
        )}
      </div>

      <h2 className="form-section-title">
        <Trans>Agreements</Trans>
      </h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={personalInfoAgree}
          onChange={(event) => setPersonalInfoAgree(event.target.checked)}
          aria-required="true"
        />
        <span>
          <Trans>I agree to the privacy policy (required)</Trans>
        </span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={termsOfServiceAgree}
          onChange={(event) => setTermsOfServiceAgree(event.target.checked)}
          aria-required="true"
        />
        <span>
          <Trans>I agree to the terms of service (required)</Trans>
        </span>
      </label>
      <label className="checkbox">
        <input type="checkbox" {...register('marketingAgree')} />
        <span>
          <Trans>I agree to receive marketing information (optional)</Trans>
        </span>
      </label>
      <p className="signup-form__policies">
        <Trans>
          Read the <Link to="/guide/privacy">privacy policy</Link> and the{' '}
          <Link to="/guide/terms">terms of service</Link>.
        </Trans>
      </p>

      {serverError && (
        <p role="alert" className="form-error">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--block button--large" disabled={isSubmitting}>
        <Trans>CREATE</Trans>
      </button>
    </form>
  );
}
