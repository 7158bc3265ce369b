import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_ROLES, staffCreateRequest } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import type { StaffCreated } from '../api/staff-api';

type CreateValues = z.input<typeof staffCreateRequest>;

export function CreateStaffForm({ onCreate }: { onCreate: (input: CreateValues) => Promise<StaffCreated> }) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateValues>({
    resolver: zodResolver(staffCreateRequest),
    defaultValues: { email: '', name: '', role: 'STAFF' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onCreate(values);
      reset();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form
      className="filters"
      aria-label={t`Add a staff account`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormField
        label={t`Email`}
        error={errors.email && localize(errors.email.message ?? '')}
        className="field--grow"
      >
        {(field) => <input {...field} type="email" autoComplete="off" {...register('email')} />}
      </FormField>
      <FormField
        label={t`Name`}
        error={errors.name && localize(errors.name.message ?? '')}
        className="field--grow"
      >
        {(field) => <input {...field} autoComplete="off" {...register('name')} />}
      </FormField>
      <FormField label={t`Role`}>
        {(field) => (
          <select {...field} {...register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role === 'OWNER' ? t`Owner` : t`Staff`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button type="submit" className="button" disabled={isSubmitting}>
        {t`Add staff account`}
      </button>
      {failure && (
        <p role="alert" className="form-error filters__full">
          {failure}
        </p>
      )}
    </form>
  );
}
