import { changePasswordRequest, confirmPasswordError, newPasswordError } from '@kshop/contract';
import { FormField, Modal } from '@kshop/ui';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import '../../../components/ui/form-extras.css';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-errors';
import { changePassword } from '../api/account-api';

type ChangePasswordDialogProps = {
  onClose: () => void;
  /** Called after the server changed the password; the page alerts and ends the session. */
  onChanged: () => void;
  onChange?: (password: string) => Promise<unknown>;
};

/**
 * Password and confirmation with live errors (spec section 5). Save stays disabled while either field is empty
 * or an error shows: confirmPasswordError says nothing for an empty confirmation, so emptiness is checked here.
 */
export function ChangePasswordDialog({
  onClose,
  onChanged,
  onChange = changePassword,
}: ChangePasswordDialogProps) {
  const titleId = useId();
  const { messages, localize } = useContractTexts();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const passwordError = newPasswordError(password);
  const confirmationError = confirmPasswordError(password, confirmation);
  const shown = (message: string | null) => (message ? localize(message) : null);
  const blocked =
    saving || password === '' || confirmation === '' || passwordError !== null || password !== confirmation;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || !changePasswordRequest.safeParse({ password }).success) return;
    setSaving(true);
    setFailure(null);
    try {
      await onChange(password);
    } catch (error) {
      setFailure(isApiError(error) ? failureMessage(error, error.message) : messages.http.internal);
      setSaving(false);
      return;
    }
    onChanged();
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        <Trans>Change password</Trans>
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={<Trans>Password</Trans>} error={shown(passwordError)} hint={messages.password.hint}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={<Trans>Confirm password</Trans>} error={shown(confirmationError)}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          )}
        </FormField>
        {failure && (
          <p role="alert" className="form-error">
            {failure}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button" disabled={blocked}>
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
