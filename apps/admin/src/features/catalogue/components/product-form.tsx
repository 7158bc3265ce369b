import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProductInput,
  DESCRIPTION_ALLOWED_TAGS,
  PRODUCT_TAGS,
  type ProductTag,
} from '@kshop/contract';
import { FormField } from '@kshop/ui';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import type { AdminProduct, ArtistGroup, Category } from '../api/catalogue-api';
import { ArtistPicker } from './artist-picker';
import { CategoryOptions } from './category-options';
import { ImageField } from './image-field';
import { OptionFields } from './option-fields';
import {
  type ProductFormValues,
  productFormSchema,
  toFormValues,
  toProductInput,
} from './product-form-model';

const TAG_LABELS: Record<ProductTag, string> = {
  sale: 'Sale',
  pre: 'Pre-order',
  new: 'New',
  hot: 'Hot',
};

type ProductFormProps = {
  product: AdminProduct | null;
  categories: Category[];
  artistGroups: ArtistGroup[];
  onSave: (input: AdminProductInput) => Promise<unknown>;
  onUpload: (files: File[]) => Promise<string[]>;
};

/** Create or edit a product with its images and options. The API's refusal shows above the save button. */
export function ProductForm({ product, categories, artistGroups, onSave, onUpload }: ProductFormProps) {
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: toFormValues(product),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const [failure, setFailure] = useState<string | null>(null);
  // The storefront opens a product at one of its options: the default one.
  const storefrontOption = product?.options.find((option) => option.isDefault) ?? product?.options[0];

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    let input: AdminProductInput;
    try {
      input = toProductInput(values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The form could not be read.');
      return;
    }
    try {
      await onSave(input);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="product-form">
        <section className="panel" aria-labelledby="basics-heading">
          <h2 id="basics-heading">Product</h2>
          <div className="publication-row">
            <label className="checkbox">
              <input type="checkbox" {...register('isPublished')} aria-describedby="publication-hint" />
              Published
            </label>
            <span id="publication-hint" className="field__hint">
              A draft (not published) is hidden from the storefront: lists, search, its page, carts and
              orders.
            </span>
            {product?.isPublished && storefrontOption && (
              <a href={`/productdetail/${storefrontOption.uuid}`} target="_blank" rel="noopener noreferrer">
                View in storefront<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
            {product && !product.isPublished && <span className="badge badge--waiting">Draft</span>}
          </div>
          <div className="grid-2">
            <FormField label="Title" error={errors.title?.message}>
              {(field) => <input {...field} {...register('title')} />}
            </FormField>
            <FormField label="Vendor" error={errors.vendor?.message}>
              {(field) => <input {...field} {...register('vendor')} />}
            </FormField>
            <FormField label="Category" error={errors.categoryId?.message}>
              {(field) => (
                <select {...field} {...register('categoryId')}>
                  <option value="">Choose a category</option>
                  <CategoryOptions categories={categories} />
                </select>
              )}
            </FormField>
            <FormField label="Release date" error={errors.releaseDate?.message}>
              {(field) => <input {...field} type="date" {...register('releaseDate')} />}
            </FormField>
          </div>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <fieldset>
                <legend>Tags</legend>
                <div className="button-row">
                  {PRODUCT_TAGS.map((tag) => (
                    <label key={tag} className="checkbox">
                      <input
                        type="checkbox"
                        checked={field.value.includes(tag)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, tag]
                              : field.value.filter((value) => value !== tag),
                          )
                        }
                      />
                      {TAG_LABELS[tag]}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          />
          <FormField
            label="Description"
            error={errors.description?.message}
            hint={`HTML with these tags only: ${DESCRIPTION_ALLOWED_TAGS.join(', ')} (img with src and alt).`}
          >
            {(field) => <textarea {...field} rows={8} className="mono" {...register('description')} />}
          </FormField>
          <Controller
            control={control}
            name="artistIds"
            render={({ field, fieldState }) => (
              <ArtistPicker
                groups={artistGroups}
                selected={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </section>

        <section className="panel" aria-labelledby="windows-heading">
          <h2 id="windows-heading">Sales and event windows</h2>
          <p className="field__hint">Times are in this computer's time zone. Leave empty for no limit.</p>
          <div className="grid-3">
            <FormField label="Sales start" error={errors.salesStartAt?.message}>
              {(field) => <input {...field} type="datetime-local" {...register('salesStartAt')} />}
            </FormField>
            <FormField label="Sales end" error={errors.salesEndAt?.message}>
              {(field) => <input {...field} type="datetime-local" {...register('salesEndAt')} />}
            </FormField>
          </div>
          <div className="grid-3">
            <FormField label="Event type" error={errors.eventType?.message} hint="For example Lucky Draw.">
              {(field) => <input {...field} {...register('eventType')} />}
            </FormField>
            <FormField label="Event apply start" error={errors.eventApplyStartAt?.message}>
              {(field) => <input {...field} type="datetime-local" {...register('eventApplyStartAt')} />}
            </FormField>
            <FormField label="Event apply end" error={errors.eventApplyEndAt?.message}>
              {(field) => <input {...field} type="datetime-local" {...register('eventApplyEndAt')} />}
            </FormField>
          </div>
        </section>

        <ImageField onUpload={onUpload} />
        <OptionFields />

        <div className="form-actions">
          {submitCount > 0 && Object.keys(errors).length > 0 && (
            <p role="alert" className="form-error">
              Some fields need attention; they are marked above.
            </p>
          )}
          {failure && (
            <p role="alert" className="form-error">
              {failure}
            </p>
          )}
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : product ? 'Save product' : 'Create product'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
