import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProductInput,
  DESCRIPTION_ALLOWED_TAGS,
  PRODUCT_TAGS,
  type ProductTag,
} from '@kshop/contract';
import { FormField } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useContractTexts } from '../../../i18n/contract-texts';
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

const TAG_LABELS: Record<ProductTag, MessageDescriptor> = {
  sale: msg`Sale`,
  pre: msg`Pre-order`,
  new: msg({ message: 'New', context: 'product tag' }),
  hot: msg`Hot`,
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
  const { t, i18n } = useLingui();
  const { localize } = useContractTexts();
  const problem = (error?: { message?: string }) => error && localize(error.message ?? '');
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
  const allowedTags = DESCRIPTION_ALLOWED_TAGS.join(', ');
  // The storefront opens a product at one of its options: the default one.
  const storefrontOption = product?.options.find((option) => option.isDefault) ?? product?.options[0];

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    let input: AdminProductInput;
    try {
      input = toProductInput(values);
    } catch (error) {
      setFailure(error instanceof Error ? localize(error.message) : t`The form could not be read.`);
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
          <h2 id="basics-heading">
            <Trans>Product</Trans>
          </h2>
          <div className="publication-row">
            <label className="checkbox">
              <input type="checkbox" {...register('isPublished')} aria-describedby="publication-hint" />
              <Trans>Published</Trans>
            </label>
            <span id="publication-hint" className="field__hint">
              <Trans>
                A draft (not published) is hidden from the storefront: lists, search, its page, carts and
                orders.
              </Trans>
            </span>
            {product?.isPublished && storefrontOption && (
              <a href={`/productdetail/${storefrontOption.uuid}`} target="_blank" rel="noopener noreferrer">
                <Trans>View in storefront</Trans>
                <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
              </a>
            )}
            {product && !product.isPublished && (
              <span className="badge badge--waiting">
                <Trans>Draft</Trans>
              </span>
            )}
          </div>
          <div className="grid-2">
            <FormField label={t`Title`} error={problem(errors.title)}>
              {(field) => <input {...field} {...register('title')} />}
            </FormField>
            <FormField label={t`Vendor`} error={problem(errors.vendor)}>
              {(field) => <input {...field} {...register('vendor')} />}
            </FormField>
            <FormField label={t`Category`} error={problem(errors.categoryId)}>
              {(field) => (
                <select {...field} {...register('categoryId')}>
                  <option value="">{t`Choose a category`}</option>
                  <CategoryOptions categories={categories} />
                </select>
              )}
            </FormField>
            <FormField label={t`Release date`} error={problem(errors.releaseDate)}>
              {(field) => <input {...field} type="date" {...register('releaseDate')} />}
            </FormField>
          </div>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <fieldset>
                <legend>
                  <Trans>Tags</Trans>
                </legend>
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
                      {i18n._(TAG_LABELS[tag])}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          />
          <FormField
            label={t`Description`}
            error={problem(errors.description)}
            hint={
              <Trans>
                HTML with these tags only: <code>{allowedTags}</code> (<code>img</code> with <code>src</code>{' '}
                and <code>alt</code>).
              </Trans>
            }
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
                error={problem(fieldState.error)}
              />
            )}
          />
        </section>

        <section className="panel" aria-labelledby="windows-heading">
          <h2 id="windows-heading">
            <Trans>Sales and event windows</Trans>
          </h2>
          <p className="field__hint">
            <Trans>Times are in this computer's time zone. Leave empty for no limit.</Trans>
          </p>
          <div className="grid-3">
            <FormField label={t`Sales start`} error={problem(errors.salesStartAt)}>
              {(field) => <input {...field} type="datetime-local" {...register('salesStartAt')} />}
            </FormField>
            <FormField label={t`Sales end`} error={problem(errors.salesEndAt)}>
              {(field) => <input {...field} type="datetime-local" {...register('salesEndAt')} />}
            </FormField>
          </div>
          <div className="grid-3">
            <div className="field">
              <label className="checkbox">
                <input type="checkbox" {...register('preorder')} aria-describedby="preorder-hint" />
                <Trans>On pre-order</Trans>
              </label>
              <p className="field__hint" id="preorder-hint">
                <Trans>
                  Orders are taken against each option's pre-order cap instead of its stock, until the sales
                  end.
                </Trans>
              </p>
            </div>
            <FormField label={t`Planned ship date`} error={problem(errors.shipsOn)}>
              {(field) => <input {...field} type="date" {...register('shipsOn')} />}
            </FormField>
          </div>
          <div className="grid-3">
            <FormField
              label={t`Event type`}
              error={problem(errors.eventType)}
              hint={t`For example Lucky Draw.`}
            >
              {(field) => <input {...field} {...register('eventType')} />}
            </FormField>
            <FormField label={t`Event apply start`} error={problem(errors.eventApplyStartAt)}>
              {(field) => <input {...field} type="datetime-local" {...register('eventApplyStartAt')} />}
            </FormField>
            <FormField label={t`Event apply end`} error={problem(errors.eventApplyEndAt)}>
              {(field) => <input {...field} type="datetime-local" {...register('eventApplyEndAt')} />}
            </FormField>
          </div>
        </section>

        <ImageField onUpload={onUpload} />
        <OptionFields />

        <div className="form-actions">
          {submitCount > 0 && Object.keys(errors).length > 0 && (
            <p role="alert" className="form-error">
              <Trans>Some fields need attention; they are marked above.</Trans>
            </p>
          )}
          {failure && (
            <p role="alert" className="form-error">
              {failure}
            </p>
          )}
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? t`Saving...` : product ? t`Save product` : t`Create product`}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
