import { paginationWindow } from '@kshop/contract';
import { Link } from 'react-router';

type PaginationProps = {
  currentPage: number;
  totalCount: number;
  pageSize: number;
  /** The URL of a page: page state lives in the address, so every page is a plain link. */
  hrefForPage: (page: number) => string;
};

/** 'N results' and the page links (the contract's window: first … around the current page … last). */
export function Pagination({ currentPage, totalCount, pageSize, hrefForPage }: PaginationProps) {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  const items = paginationWindow(currentPage, totalPages);
  return (
    <div className="pagination">
      <p className="pagination__count">
        {totalCount} {totalCount === 1 ? 'result' : 'results'}
      </p>
      {totalPages > 1 && (
        <nav aria-label="Pagination">
          <ul className="pagination__list">
            <li>
              <StepLink to={currentPage > 1 ? hrefForPage(currentPage - 1) : null} label="Previous page" />
            </li>
            {items.map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <Link
                    to={hrefForPage(item)}
                    aria-label={`Page ${item}`}
                    aria-current={item === currentPage ? 'page' : undefined}
                    className="pagination__page"
                  >
                    {item}
                  </Link>
                </li>
              ) : (
                <li key={item} className="pagination__ellipsis" aria-hidden="true">
                  …
                </li>
              ),
            )}
            <li>
              <StepLink
                to={currentPage < totalPages ? hrefForPage(currentPage + 1) : null}
                label="Next page"
              />
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

function StepLink({ to, label }: { to: string | null; label: string }) {
  const symbol = label === 'Next page' ? '›' : '‹';
  if (to === null) {
    return (
      <span className="pagination__page pagination__page--disabled" aria-hidden="true">
        {symbol}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} className="pagination__page">
      {symbol}
    </Link>
  );
}
