import { contentTypeFor } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import type { ProductFormValues } from './product-form-model';

const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.svg';
const MAX_IMAGES = 20;

type ImageFieldProps = {
  /** Uploads the files and resolves with their fileUrls, in the same order. */
  onUpload: (files: File[]) => Promise<string[]>;
};

/** The product's images in display order (the first is the thumbnail): upload, reorder, remove. */
export function ImageField({ onUpload }: ImageFieldProps) {
  const { t } = useLingui();
  const inputId = useId();
  const { control } = useFormContext<ProductFormValues>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'images' });
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // An upload is served only once a saved product refers to it, so until then its thumbnail is the local file.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const previewsRef = useRef(previews);
  previewsRef.current = previews;
  useEffect(
    () => () => {
      for (const url of Object.values(previewsRef.current)) URL.revokeObjectURL(url);
    },
    [],
  );

  const upload = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    const refused = files.find((file) => !contentTypeFor(file.name)?.startsWith('image/'));
    if (refused) {
      const name = refused.name;
      setFailure(t`${name} is not an image. Use png, jpg, jpeg, gif, webp or svg.`);
      return;
    }
    if (fields.length + files.length > MAX_IMAGES) {
      setFailure(t`A product has at most ${MAX_IMAGES} images.`);
      return;
    }
    setFailure(null);
    setUploading(true);
    try {
      const urls = await onUpload(files);
      if (typeof URL.createObjectURL === 'function') {
        const local = Object.fromEntries(urls.map((url, index) => [url, URL.createObjectURL(files[index]!)]));
        setPreviews((current) => ({ ...current, ...local }));
      }
      append(urls.map((url) => ({ url })));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="images-heading">
      <h2 id="images-heading">
        <Trans>Images</Trans>
      </h2>
      {fields.length === 0 ? (
        <p className="muted">
          <Trans>No images yet. The first image is the product's thumbnail.</Trans>
        </p>
      ) : (
        <ol className="image-list" aria-label={t`Product images`}>
          {fields.map((field, index) => {
            const n = index + 1;
            return (
              <li key={field.id} className="image-list__item">
                <img src={previews[field.url] ?? field.url} alt="" className="image-list__thumb" />
                <span className="image-list__name">
                  {index === 0 && (
                    <span className="badge badge--info">
                      <Trans>Thumbnail</Trans>
                    </span>
                  )}{' '}
                  {field.url.split('/').pop()}
                </span>
                <span className="button-row">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={t`Move image ${n} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑ <Trans>Up</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={t`Move image ${n} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓ <Trans>Down</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={t`Remove image ${n}`}
                    onClick={() => remove(index)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="field">
        <label htmlFor={inputId}>
          <Trans>Upload images</Trans>
        </label>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          disabled={uploading}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => void upload(event.currentTarget)}
        />
        <p id={`${inputId}-hint`} className="field__hint">
          <Trans>
            png, jpg, jpeg, gif, webp or svg; up to {MAX_IMAGES} images. New images go to the end.
          </Trans>
        </p>
      </div>
      {uploading && (
        <p role="status">
          <Trans>Uploading...</Trans>
        </p>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </section>
  );
}
