import { zodResolver } from '@hookform/resolvers/zod';
import { messages as englishMessages, staffPasswordRequest } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sameMessage, useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { PasswordChange } from '../api/auth-api';

const WRONG_CURRENT = 'The current password is not correct.';

const passwordForm = staffPasswordRequest
  .extend({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: englishMessages.password.mismatch,
  });
type PasswordForm = z.infer<typeof passwordForm>;

type ChangePasswordFormProps = {
  /** A new account replaces its one-time password: the current password field says so. */
  forced: boolean;
  onChange: (change: PasswordChange) => Promise<unknown>;
  onChanged: () => void;
};

/** Current password, new password (the contract's rules and messages) and its confirmation. */
export function ChangePasswordForm({ forced, onChange, onChanged }: ChangePasswordFormProps) {
  const { t } = useLingui();
  const { messages, localize } = useContractTexts();
  const problem = (error?: { message?: string }) => error && localize(error.message ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    setFailure(null);
    try {
      await onChange({ currentPassword, password });
    } catch (error) {
      if (isApiError(error) && sameMessage(error.message, WRONG_CURRENT))
        setError('currentPassword', { message: error.message }, { shouldFocus: true });
      else setFailure(errorMessage(error));
      return;
    }
    onChanged();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={forced ? t`One-time password` : t`Current password`}
        error={problem(errors.currentPassword)}
        hint={forced ? t`The password you were given with your new account.` : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        )}
      </FormField>
      <FormField label={t`New password`} error={problem(errors.password)} hint={messages.password.hint}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" {...register('password')} />
        )}
      </FormField>
      <FormField label={t`Confirm new password`} error={problem(errors.confirmPassword)}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" {...register('confirmPassword')} />
        )}
      </FormField>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button auth-card__submit" disabled={isSubmitting}>
        {isSubmitting ? t`Changing...` : t`Change password`}
      </button>
    </form>
  );
}
