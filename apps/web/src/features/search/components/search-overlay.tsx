import { priceLabel, SEARCH_DEBOUNCE_MS, SEARCH_OVERLAY_RESULTS } from '@kshop/contract';
import { Modal } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useContractTexts } from '../../../i18n/contract-texts';
import { productDetailPath, searchPath } from '../../../lib/links';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { productSearchQuery } from '../api/search-api';
import './search-overlay.css';

/**
 * Quick search: results appear once typing pauses for 300 ms, at most four; VIEW ALL or Enter opens the
 * full search page.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { localize } = useContractTexts();
  const [keyword, setKeyword] = useState('');
  const settled = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();
  const resultsId = useId();
  const search = useQuery({
    ...productSearchQuery({
      keyword: settled,
      page: 1,
      limit: SEARCH_OVERLAY_RESULTS,
      sort: 'latest',
      stockStatus: 'all',
    }),
    enabled: settled.length > 0,
  });
  const results = search.data?.productOptionList.slice(0, SEARCH_OVERLAY_RESULTS) ?? [];
  const typed = keyword.trim();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    onClose();
    navigate(searchPath(typed));
  };

  return (
    <Modal label={t`Search`} onClose={onClose} placement="top" className="search-overlay">
      <form className="search-overlay__form" onSubmit={submit}>
        <input
          type="search"
          className="search-overlay__input"
          aria-label={t`Search products`}
          placeholder={t`Search albums, artists, merch…`}
          autoComplete="off"
          enterKeyHint="search"
          value={keyword}
          aria-controls={resultsId}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <button type="button" className="icon-button" aria-label={t`Close search`} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <div id={resultsId} className="search-overlay__results">
        {settled && search.isFetching && results.length === 0 && (
          <p role="status" className="search-overlay__note">
            <Trans>Searching…</Trans>
          </p>
        )}
        {settled && search.isSuccess && results.length === 0 && (
          <p role="status" className="search-overlay__note">
            <Trans>No products found.</Trans>
          </p>
        )}
        {results.length > 0 && (
          <ul aria-label={t`Search results`} className="search-overlay__list">
            {results.map((product) => (
              <li key={product.optionUuid}>
                <Link to={productDetailPath(product.optionUuid)} className="search-result" onClick={onClose}>
                  <img src={product.thumbnailUrl} alt="" width={56} height={56} />
                  <span className="search-result__text">
                    <span className="search-result__title">{product.title}</span>
                    <span className="search-result__meta">
                      {product.vendor} · {localize(priceLabel(product.totalPrice, product.currencyCode))}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {typed && (
          <Link to={searchPath(typed)} className="button button--block" onClick={onClose}>
            <Trans>VIEW ALL</Trans>
          </Link>
        )}
      </div>
    </Modal>
  );
}
