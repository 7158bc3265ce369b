import { paginationWindow } from '@kshop/contract';
import { Link } from 'react-router';
import './pagination.css';

type PaginationProps = {
  currentPage: number;
  totalPages: number;
  /** The URL of a page: page state lives in the address, so every page is a plain link. */
  hrefForPage: (page: number) => string;
};

export function Pagination({ currentPage, totalPages, hrefForPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  const items = paginationWindow(currentPage, totalPages);
  const hasPrevious = currentPage > 1;
  const hasNext = currentPage < totalPages;
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul className="pagination__list">
        <li>
          <StepLink to={hasPrevious ? hrefForPage(currentPage - 1) : null} label="Previous page" symbol="‹" />
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
          <StepLink to={hasNext ? hrefForPage(currentPage + 1) : null} label="Next page" symbol="›" />
        </li>
      </ul>
    </nav>
  );
}

function StepLink({ to, label, symbol }: { to: string | null; label: string; symbol: string }) {
  if (to === null) {
    return (
      <span className="pagination__step pagination__step--disabled" aria-hidden="true">
        {symbol}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} className="pagination__step">
      {symbol}
    </Link>
  );
}
