import { PAGE_SIZE } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ProductListing } from '../../../components/listing/product-listing';
import { searchPath } from '../../../lib/links';
import { readListing } from '../../../lib/listing-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddFromCard } from '../../cart';
import { useClampedPage } from '../../catalog/use-clamped-page';
import { productSearchQuery } from '../api/search-api';
import './search-page.css';

export function SearchPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const listing = readListing(searchParams);
  useDocumentTitle(keyword ? t`Search: ${keyword}` : t`Search`);
  const query = useQuery({
    ...productSearchQuery({ keyword, limit: PAGE_SIZE.productList, ...listing }),
    enabled: keyword.length > 0,
    placeholderData: keepPreviousData,
  });
  const clamping = useClampedPage(query.data && !query.isPlaceholderData ? query.data.totalCount : undefined);

  if (!keyword) {
    return (
      <section className="container page-narrow">
        <h1>
          <Trans>Search</Trans>
        </h1>
        <SearchForm keyword="" />
      </section>
    );
  }
  return (
    <>
      <div className="container search-page__again">
        {/* A new keyword starts a new search: the box starts over when the address changes. */}
        <SearchForm key={keyword} keyword={keyword} />
      </div>
      {!clamping && (
        <ProductListing
          title={keyword}
          eyebrow={t`Search results`}
          query={query}
          emptyMessage={t`No products found for "${keyword}".`}
          cardAction={(product) => <AddFromCard product={product} />}
        />
      )}
    </>
  );
}

/** The keyword box of the search page; SEARCH opens the results for what it holds (sort and filter start over). */
function SearchForm({ keyword: initial }: { keyword: string }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState(initial);
  const navigate = useNavigate();
  const inputId = useId();
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (keyword.trim()) navigate(searchPath(keyword.trim()));
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        <Trans>Keyword</Trans>
      </label>
      <input
        id={inputId}
        type="search"
        name="keyword"
        placeholder={t`Search albums, artists, merch…`}
        autoComplete="off"
        enterKeyHint="search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit" className="button">
        <Trans>SEARCH</Trans>
      </button>
    </form>
  );
}
