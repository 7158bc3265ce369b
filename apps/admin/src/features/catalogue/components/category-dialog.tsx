import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInput } from '@kshop/contract';
import { FormField, Modal } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useContractTexts } from '../../../i18n/contract-texts';
import { errorMessage } from '../../../lib/api-client';
import type { Category } from '../api/catalogue-api';
import { CategoryOptions } from './category-options';

const wholeNumber = (message: string) => z.number({ error: message }).int(message);
const categoryForm = categoryInput.extend({
  id: wholeNumber('Enter the category number (1 or more).').min(1, 'Enter the category number (1 or more).'),
  sortOrder: wholeNumber('Enter a whole number.'),
});
type CategoryFormInput = z.input<typeof categoryForm>;
type CategoryFormValues = z.output<typeof categoryForm>;

type CategoryDialogProps = {
  /** null adds a category; its number is chosen here (the storefront's links use these numbers). */
  category: Category | null;
  categories: Category[];
  onSave: (category: Category) => Promise<unknown>;
  onClose: () => void;
};

export function CategoryDialog({ category, categories, onSave, onClose }: CategoryDialogProps) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const problem = (error?: { message?: string }) => error && localize(error.message ?? '');
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const nextId = Math.max(0, ...categories.map((c) => c.id)) + 1;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryForm),
    defaultValues: category ?? { id: nextId, category: '', parentId: null, sortOrder: 0 },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (!category && categories.some((c) => c.id === values.id)) {
      const number = values.id;
      setFailure(t`Category ${number} exists already. Choose another number.`);
      return;
    }
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  // A category cannot be its own parent, nor hang under one of its children.
  const parents = categories.filter((c) => c.id !== category?.id && c.parentId !== category?.id);
  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        {category ? t`Edit ${category.category}` : t`Add category`}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t`Category number`}
          error={problem(errors.id)}
          hint={category ? t`The number cannot change.` : t`Used in storefront links, e.g. /productlist/13.`}
        >
          {(field) => (
            <input
              {...field}
              type="number"
              min={1}
              readOnly={category !== null}
              {...register('id', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label={t`Name`} error={problem(errors.category)}>
          {(field) => <input {...field} {...register('category')} />}
        </FormField>
        <FormField label={t`Parent category`} error={problem(errors.parentId)}>
          {(field) => (
            <select
              {...field}
              {...register('parentId', {
                setValueAs: (value) => (value === '' || value === null ? null : Number(value)),
              })}
            >
              <option value="">{t`None (top level)`}</option>
              <CategoryOptions categories={parents} />
            </select>
          )}
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
            <Trans>Save category</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
