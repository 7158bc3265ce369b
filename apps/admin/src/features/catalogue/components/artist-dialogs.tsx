import { zodResolver } from '@hookform/resolvers/zod';
import { type ArtistCategory, artistCategoryInput, artistInput } from '@kshop/contract';
import { FormField, Modal } from '@kshop/ui';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
        {artistCategory ? `Edit ${artistCategory.category}` : 'Add artist category'}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Name" error={errors.category?.message}>
          {(field) => <input {...field} {...register('category')} />}
        </FormField>
        <FormField label="Sort order" error={errors.sortOrder?.message} hint="Lower numbers come first.">
          {(field) => <input {...field} type="number" {...register('sortOrder', { valueAsNumber: true })} />}
        </FormField>
        {failure && (
          <p role="alert" className="form-error">
            {failure}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            Save artist category
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
        {artist ? `Edit ${artist.artistNameEN}` : 'Add artist'}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="English name" error={errors.artistNameEN?.message}>
          {(field) => <input {...field} {...register('artistNameEN')} />}
        </FormField>
        <FormField label="Korean name" error={errors.artistNameKO?.message}>
          {(field) => <input {...field} lang="ko" {...register('artistNameKO')} />}
        </FormField>
        <FormField label="Artist category" error={errors.artistCategoryId?.message}>
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
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            Save artist
          </button>
        </div>
      </form>
    </Modal>
  );
}
