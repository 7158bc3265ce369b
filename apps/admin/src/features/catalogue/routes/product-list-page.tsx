import { STOCK_STATUSES, type StockStatus } from '@kshop/contract';
import { FormField, Pagination } from '@kshop/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/format';
import { formValues, LIST_LIMIT, useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  catalogueKey,
  exportCatalogue,
  importCatalogue,
  type ProductFilter,
  previewCatalogueImport,
  useCategories,
  useProductList,
} from '../api/catalogue-api';
import { applyBulkEdit, previewBulkEdit } from '../api/catalogue-bulk-api';
import { BulkBar } from '../components/bulk-edit';
import { CategoryOptions, categoryName } from '../components/category-options';
import { CsvTools } from '../components/csv-tools';
import './catalogue.css';

/** The stock filter's choices: the contract's STOCK_STATUS_LABELS, in the screen's language. */
const STOCK_NAMES: Record<StockStatus, MessageDescriptor> = {
  all: msg`All`,
  inStock: msg`In stock`,
  outOfStock: msg`Out of stock`,
};

export function ProductListPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Products`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, get, hrefWith, key } = useListParams();
  const filter = {
    page,
    limit: LIST_LIMIT,
    q: get('q') || undefined,
    categoryId: get('categoryId') || undefined,
    stock: get('stock') || undefined,
    publication: get('publication') || undefined,
  };
  const { data, error, isPending, refetch } = useProductList(filter as ProductFilter);
  const categories = useCategories();
  // Selected products, kept across pages and filters until applied or cleared.
  const [selected, setSelected] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const pageIds = data?.productList.map((product) => product.uuid) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id)));

  const applyFilters = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { q, categoryId, stock, publication } = formValues(event.currentTarget);
    navigate(
      hrefWith({
        q,
        categoryId,
        stock: stock === 'all' ? '' : stock,
        publication: publication === 'all' ? '' : publication,
      }),
    );
  };

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Products</Trans>
        </h1>
        <Link to="/products/new" className="button">
          <Trans>New product</Trans>
        </Link>
      </div>
      <form key={key} className="filters" aria-label={t`Filter products`} onSubmit={applyFilters}>
        <FormField label={t`Title, vendor or artist`} className="field--grow">
          {(control) => <input {...control} name="q" type="search" defaultValue={get('q')} />}
        </FormField>
        <FormField label={t`Category`}>
          {(control) => (
            <select {...control} name="categoryId" defaultValue={get('categoryId')}>
              <option value="">{t`All categories`}</option>
              <CategoryOptions categories={categories.data ?? []} />
            </select>
          )}
        </FormField>
        <FormField label={t`Stock`}>
          {(control) => (
            <select {...control} name="stock" defaultValue={get('stock') || 'all'}>
              {STOCK_STATUSES.map((stock) => (
                <option key={stock} value={stock}>
                  {i18n._(STOCK_NAMES[stock])}
                </option>
              ))}
              <option value="lowStock">{t`Low stock`}</option>
            </select>
          )}
        </FormField>
        <FormField label={t`Status`}>
          {(control) => (
            <select {...control} name="publication" defaultValue={get('publication') || 'all'}>
              <option value="all">{t`All`}</option>
              <option value="published">{t`Published`}</option>
              <option value="draft">{t`Draft`}</option>
            </select>
          )}
        </FormField>
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
        <Link to="/products" className="button button--secondary">
          <Trans>Clear</Trans>
        </Link>
      </form>

      {done && (
        <p role="status" className="notice">
          {done}
        </p>
      )}
      {selected.length > 0 && (
        <BulkBar
          selected={selected}
          categories={categories.data ?? []}
          onPreview={previewBulkEdit}
          onApply={applyBulkEdit}
          onApplied={(result) => {
            setSelected([]);
            setDone(plural(result.changed, { one: '# product changed.', other: '# products changed.' }));
            void queryClient.invalidateQueries({ queryKey: catalogueKey });
          }}
          onClearSelection={() => setSelected([])}
        />
      )}

      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.productList.length === 0 ? (
        <EmptyState>
          <Trans>No products match these filters.</Trans>
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Products</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t`Select every product on this page`}
                      checked={allOnPage}
                      onChange={(event) =>
                        setSelected((current) =>
                          event.target.checked
                            ? [...new Set([...current, ...pageIds])]
                            : current.filter((id) => !pageIds.includes(id)),
                        )
                      }
                    />
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Image</Trans>
                    </span>
                  </th>
                  <th scope="col">
                    <Trans>Title</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Vendor</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Category</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Tags</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Options</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Stock</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Created</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.productList.map((product) => (
                  <tr key={product.uuid}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t`Select ${product.title}`}
                        checked={selected.includes(product.uuid)}
                        onChange={(event) => toggle(product.uuid, event.target.checked)}
                      />
                    </td>
                    <td>
                      {product.thumbnailUrl && <img className="thumb" src={product.thumbnailUrl} alt="" />}
                    </td>
                    <td>
                      <Link to={`/products/${product.uuid}`}>{product.title}</Link>
                      {!product.isPublished && (
                        <span className="badge badge--waiting">
                          <Trans>Draft</Trans>
                        </span>
                      )}
                    </td>
                    <td>{product.vendor}</td>
                    <td>{categoryName(categories.data, product.categoryId)}</td>
                    <td>{product.tags.join(', ')}</td>
                    <td className="num">{product.optionCount}</td>
                    <td>
                      {product.inStock ? (
                        <span className="badge badge--good">
                          <Trans>In stock</Trans>
                        </span>
                      ) : (
                        <span className="badge badge--bad">
                          <Trans>Out of stock</Trans>
                        </span>
                      )}
                    </td>
                    <td className="nowrap">{formatDate(product.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            currentPage={page}
            totalCount={data.totalCount}
            pageSize={LIST_LIMIT}
            hrefForPage={(n) => hrefWith({ page: n })}
          />
        </>
      )}

      <CsvTools
        onExport={exportCatalogue}
        onPreview={previewCatalogueImport}
        onImport={(file, onProgress, overwriteStock) =>
          importCatalogue(file, onProgress, undefined, overwriteStock)
        }
        onImported={() => void queryClient.invalidateQueries({ queryKey: catalogueKey })}
      />
    </>
  );
}
