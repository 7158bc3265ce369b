import { PAGE_SIZE } from '@kshop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ProductListing } from '../../../components/listing/product-listing';
import { searchPath } from '../../../lib/links';
import { readListing } from '../../../lib/listing-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { productSearchQuery } from '../api/search-api';

export function SearchPage() {
  const [searchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const listing = readListing(searchParams);
  useDocumentTitle(keyword ? `Search: ${keyword}` : 'Search');
  const query = useQuery({
    ...productSearchQuery({ keyword, limit: PAGE_SIZE.productList, ...listing }),
    enabled: keyword.length > 0,
    placeholderData: keepPreviousData,
  });

  if (!keyword) return <EmptySearch />;
  return (
    <ProductListing
      title={keyword}
      eyebrow="Search results"
      query={query}
      emptyMessage={`No products found for "${keyword}".`}
    />
  );
}

function EmptySearch() {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();
  return (
    <section className="container page-narrow">
      <h1>Search</h1>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (keyword.trim()) navigate(searchPath(keyword));
        }}
      >
        <input
          type="search"
          aria-label="Keyword"
          placeholder="Search albums, artists, merch…"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <button type="submit" className="button">
          SEARCH
        </button>
      </form>
    </section>
  );
}
