import { zodResolver } from '@hookform/resolvers/zod';
import { type ArtistCategory, artistCategoryInput, artistInput } from '@kshop/contract';
import { FormField, Modal } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import type { ArtistCategoryInput, ArtistInput } from '../api/catalogue-api';

const artistCategoryForm = artistCategoryInput.extend({
  sortOrder: z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.'),
});

type ArtistCategoryDialogProps = {
  /** The category to rename, or null to add one. */
  artistCategory: ArtistCategory | null;
  /** The storefront's list does not say the sort order; its position there is the best guess. */
  sortOrder: number;
  onSave: (input: ArtistCategoryInput) => Promise<unknown>;
  onClose: () => void;
};

export function ArtistCategoryDialog({
  artistCategory,
  sortOrder,
  onSave,
  onClose,
}: ArtistCategoryDialogProps) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const problem = (error?: { message?: string }) => error && localize(error.message ?? '');
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ArtistCategoryInput>({
    resolver: zodResolver(artistCategoryForm),
    defaultValues: { category: artistCategory?.category ?? '', sortOrder },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        {artistCategory ? t`Edit ${artistCategory.category}` : t`Add artist category`}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t`Name`} error={problem(errors.category)}>
          {(field) => <input {...field} {...register('category')} />}
        </FormField>
        <FormField
          label={t`Sort order`}
          error={problem(errors.sortOrder)}
          hint={t`Lower numbers come first.`}
        >
          {(field) => <input {...field} type="number" {...register('sortOrder', { valueAsNumber: true })} />}
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
          <button type="submit" className="button" disabled={isSubmitting}>
            <Trans>Save artist category</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}

const artistForm = artistInput.extend({
  artistCategoryId: z
    .number({ error: 'Choose an artist category.' })
    .int()
    .positive('Choose an artist category.'),
});

type ArtistDialogProps = {
  /** The artist to edit (with its id), or null to add one. */
  artist: (ArtistInput & { id: number }) | null;
  artistCategories: ArtistCategory[];
  defaultCategoryId: number | null;
  onSave: (input: ArtistInput) => Promise<unknown>;
  onClose: () => void;
};

export function ArtistDialog({
  artist,
  artistCategories,
  defaultCategoryId,
  onSave,
  onClose,
}: ArtistDialogProps) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const problem = (error?: { message?: string }) => error && localize(error.message ?? '');
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ArtistInput>({
    resolver: zodResolver(artistForm),
    defaultValues: artist ?? {
      artistCategoryId: defaultCategoryId ?? artistCategories[0]?.id ?? 0,
      artistNameEN: '',
      artistNameKO: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        {artist ? t`Edit ${artist.artistNameEN}` : t`Add artist`}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t`English name`} error={problem(errors.artistNameEN)}>
          {(field) => <input {...field} {...register('artistNameEN')} />}
        </FormField>
        <FormField label={t`Korean name`} error={problem(errors.artistNameKO)}>
          {(field) => <input {...field} lang="ko" {...register('artistNameKO')} />}
        </FormField>
        <FormField label={t`Artist category`} error={problem(errors.artistCategoryId)}>
          {(field) => (
            <select {...field} {...register('artistCategoryId', { valueAsNumber: true })}>
              {artistCategories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.category}
                </option>
              ))}
            </select>
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
          <button type="submit" className="button" disabled={isSubmitting}>
            <Trans>Save artist</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
