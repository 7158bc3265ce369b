import { zodResolver } from '@hookform/resolvers/zod';
import { inquiryAnswerRequest } from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';

type AnswerValues = z.infer<typeof inquiryAnswerRequest>;

/** Staff answer by email or phone outside the shop; the note records what was said. */
export function AnswerForm({ onAnswer }: { onAnswer: (note: string) => Promise<unknown> }) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AnswerValues>({ resolver: zodResolver(inquiryAnswerRequest), defaultValues: { note: '' } });

  const submit = handleSubmit(async ({ note }) => {
    setFailure(null);
    try {
      await onAnswer(note);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t`Answer note`}
        error={errors.note && localize(errors.note.message ?? '')}
        hint={t`How and what you answered, e.g. 'Replied by email: we ship to Busan on Saturdays.'`}
      >
        {(field) => <textarea {...field} rows={5} {...register('note')} />}
      </FormField>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={isSubmitting}>
        {t`Mark answered`}
      </button>
    </form>
  );
}
