import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginRequest } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import type { StaffSession } from '../api/auth-api';

type Credentials = z.infer<typeof staffLoginRequest>;

type SignInFormProps = {
  onSignIn: (credentials: Credentials) => Promise<StaffSession>;
  onSuccess: (session: StaffSession) => void;
};

/** Email and password; the server's refusal ('Invalid email or password.') shows above the button. */
export function SignInForm({ onSignIn, onSuccess }: SignInFormProps) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(staffLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      onSuccess(await onSignIn(credentials));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={t`Email`} error={errors.email && localize(errors.email.message ?? '')}>
        {(control) => <input {...control} type="email" autoComplete="username" {...register('email')} />}
      </FormField>
      <FormField label={t`Password`} error={errors.password && localize(errors.password.message ?? '')}>
        {(control) => (
          <input {...control} type="password" autoComplete="current-password" {...register('password')} />
        )}
      </FormField>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button auth-card__submit" disabled={isSubmitting}>
        {isSubmitting ? t`Signing in...` : t`Sign in`}
      </button>
    </form>
  );
}
