import { paginationWindow } from '@kshop/contract';
import { RouterLink } from './router-link';
import { useUiTexts } from './ui-texts';
import './pagination.css';

type PaginationProps = {
  currentPage: number;
  /** The URL of a page: page state lives in the address, so every page is a plain link. */
  hrefForPage: (page: number) => string;
} & (
  | { totalPages: number; totalCount?: never; pageSize?: never }
  /** With the result count: 'N results' stands beside the page links (the back office's lists). */
  | { totalCount: number; pageSize: number; totalPages?: never }
);

/** The page links in the contract's window: first … around the current page … last, with previous and next. */
export function Pagination(props: PaginationProps) {
  const { currentPage, hrefForPage } = props;
  const texts = useUiTexts();
  if (props.totalCount === undefined) {
    if (props.totalPages <= 1) return null;
    return <PageLinks currentPage={currentPage} totalPages={props.totalPages} hrefForPage={hrefForPage} />;
  }
  const { totalCount, pageSize } = props;
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return (
    <div className="pagination pagination--counted">
      <p className="pagination__count">{texts.results(totalCount)}</p>
      {totalPages > 1 && (
        <PageLinks currentPage={currentPage} totalPages={totalPages} hrefForPage={hrefForPage} />
      )}
    </div>
  );
}

function PageLinks({
  currentPage,
  totalPages,
  hrefForPage,
}: {
  currentPage: number;
  totalPages: number;
  hrefForPage: (page: number) => string;
}) {
  const items = paginationWindow(currentPage, totalPages);
  const texts = useUiTexts();
  return (
    <nav aria-label={texts.pagination} className="pagination__nav">
      <ul className="pagination__list">
        <li>
          <StepLink
            to={currentPage > 1 ? hrefForPage(currentPage - 1) : null}
            label={texts.previousPage}
            symbol="‹"
          />
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <RouterLink
                to={hrefForPage(item)}
                aria-label={texts.page(item)}
                aria-current={item === currentPage ? 'page' : undefined}
                className="pagination__page"
              >
                {item}
              </RouterLink>
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
            label={texts.nextPage}
            symbol="›"
          />
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
    <RouterLink to={to} aria-label={label} className="pagination__step">
      {symbol}
    </RouterLink>
  );
}
