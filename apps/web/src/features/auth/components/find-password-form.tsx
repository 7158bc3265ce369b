import { zodResolver } from '@hookform/resolvers/zod';
import { messages as contractMessages, emailRequest } from '@kshop/contract';
import { FormField, useAlert } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import '../../../components/ui/form-extras.css';
import { BusyLabel } from '../../../components/ui/busy-label';
import { sameMessage, useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';
import { isTooManyRequests } from '../../../lib/api-errors';
import { issueTemporaryPassword } from '../api/signup-api';

type FindPasswordFormProps = {
  onSend?: (email: string) => Promise<unknown>;
  onSent: () => void;
};

/** Mails a temporary password (spec section 8): an unknown email is alerted and cleared. */
export function FindPasswordForm({ onSend = issueTemporaryPassword, onSent }: FindPasswordFormProps) {
  const alert = useAlert();
  const { messages, localize } = useContractTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setFocus, formState } = useForm({
    resolver: zodResolver(emailRequest),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await onSend(email);
    } catch (error) {
      if (isApiError(error) && sameMessage(error.message, contractMessages.tempPassword.userNotFound)) {
        reset({ email: '' });
        await alert(messages.tempPassword.userNotFoundAlert);
        setFocus('email');
      } else if (isTooManyRequests(error)) {
        void alert(messages.http.tooManyRequests);
      } else if (isApiError(error)) {
        setFailure(error.message);
      }
      return;
    }
    await alert(messages.tempPassword.sentAlert);
    onSent();
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={<Trans>Email</Trans>}
        error={formState.errors.email?.message ? localize(formState.errors.email.message) : failure}
      >
        {(control) => (
          <input {...control} {...register('email')} type="email" autoComplete="email" aria-required="true" />
        )}
      </FormField>
      <button
        type="submit"
        className="button button--block"
        disabled={formState.isSubmitting}
        aria-busy={formState.isSubmitting}
      >
        <BusyLabel busy={formState.isSubmitting}>
          <Trans>SEND</Trans>
        </BusyLabel>
      </button>
      <p className="auth-form__switch">
        <Link to="/login">
          <Trans>Back to Login</Trans>
        </Link>
      </p>
    </form>
  );
}
