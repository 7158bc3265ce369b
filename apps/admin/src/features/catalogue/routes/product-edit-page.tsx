import type { AdminProductInput } from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState, LoadingState, Notice } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  catalogueKey,
  deleteProduct,
  saveProduct,
  uploadImages,
  useArtistGroups,
  useCategories,
  useProduct,
} from '../api/catalogue-api';
import { ProductForm } from '../components/product-form';
import './catalogue.css';

/** /products/new creates a product; /products/:id edits one (and can delete it). */
export function ProductEditPage() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const product = useProduct(id);
  const categories = useCategories();
  const artists = useArtistGroups();
  // 'Product created.' arrives with the navigation and the layout shows it; 'Product saved.' is this page's.
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  useDocumentTitle(id ? (product.data?.title ?? t`Product`) : t`New product`);

  const pending = (id && product.isPending) || categories.isPending || artists.isPending;
  const failed = (id && product.error) || categories.error || artists.error;

  const onSave = async (input: AdminProductInput) => {
    setNotice(null);
    const saved = await saveProduct(id ?? null, input);
    void queryClient.invalidateQueries({ queryKey: catalogueKey });
    queryClient.setQueryData([...catalogueKey, 'product', saved.uuid], saved);
    if (id) setNotice(t`Product saved.`);
    else navigate(`/products/${saved.uuid}`, { replace: true, state: { notice: t`Product created.` } });
  };

  const onDelete = async () => {
    if (!id || !product.data) return;
    const title = product.data.title;
    if (!(await confirm(t`Delete ${title}? Buyers will no longer see it.`, t`Delete product`))) return;
    setDeleteFailure(null);
    try {
      await deleteProduct(id);
      void queryClient.invalidateQueries({ queryKey: catalogueKey });
      navigate('/products', { replace: true });
    } catch (error) {
      setDeleteFailure(errorMessage(error));
    }
  };

  return (
    <>
      <Link to="/products" className="back-link">
        ‹ <Trans>Products</Trans>
      </Link>
      <div className="page-head">
        <h1>{id ? (product.data?.title ?? t`Product`) : t`New product`}</h1>
        {id && product.data && (
          <div className="button-row">
            <Link to={`/products/${id}/demand`} className="button button--secondary">
              <Trans>Label order</Trans>
            </Link>
            <Link to={`/products/${id}/release-week`} className="button button--secondary">
              <Trans>Release week</Trans>
            </Link>
            <button type="button" className="button button--danger" onClick={() => void onDelete()}>
              <Trans>Delete product</Trans>
            </button>
          </div>
        )}
      </div>
      {notice && <Notice>{notice}</Notice>}
      {deleteFailure && (
        <p role="alert" className="form-error">
          {deleteFailure}
        </p>
      )}
      {pending ? (
        <LoadingState />
      ) : failed ? (
        <ErrorState error={failed} />
      ) : (
        <ProductForm
          key={product.data?.updatedAt ?? 'new'}
          product={product.data ?? null}
          categories={categories.data ?? []}
          artistGroups={artists.data ?? []}
          onSave={onSave}
          onUpload={uploadImages}
        />
      )}
    </>
  );
}
