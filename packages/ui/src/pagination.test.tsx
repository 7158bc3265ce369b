import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

function renderPagination(currentPage: number, totalPages: number) {
  render(
    <Pagination
      currentPage={currentPage}
      totalPages={totalPages}
      hrefForPage={(page) => `/productlist/1?page=${page}`}
    />,
  );
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  const pages = within(nav)
    .getAllByRole('link', { name: /^Page \d+$/ })
    .map((link) => Number(link.textContent));
  const current = within(nav).getAllByRole('link', { current: 'page' });
  const ellipses = nav.querySelectorAll('.pagination__ellipsis').length;
  return { nav, pages, current, ellipses };
}

describe('Pagination', () => {
  it('shows every page when there are at most eight, marking the current one', () => {
    const { pages, current, ellipses } = renderPagination(3, 8);
    expect(pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(current.map((link) => link.getAttribute('aria-label'))).toEqual(['Page 3']);
    expect(ellipses).toBe(0);
  });

  it('near the start shows 1-6, an ellipsis and the last page', () => {
    const { pages, current, ellipses } = renderPagination(2, 20);
    expect(pages).toEqual([1, 2, 3, 4, 5, 6, 20]);
    expect(current[0]?.getAttribute('aria-label')).toBe('Page 2');
    expect(ellipses).toBe(1);
  });

  it('near the end shows the first page, an ellipsis and the last six', () => {
    const { pages, current, ellipses } = renderPagination(18, 20);
    expect(pages).toEqual([1, 15, 16, 17, 18, 19, 20]);
    expect(current[0]?.getAttribute('aria-label')).toBe('Page 18');
    expect(ellipses).toBe(1);
  });

  it('in the middle shows first, current -2..+2 and last, with two ellipses', () => {
    const { pages, current, ellipses } = renderPagination(10, 20);
    expect(pages).toEqual([1, 8, 9, 10, 11, 12, 20]);
    expect(current).toHaveLength(1);
    expect(current[0]?.getAttribute('aria-label')).toBe('Page 10');
    expect(ellipses).toBe(2);
  });

  it('links pages, previous and next to their addresses', () => {
    const { nav } = renderPagination(10, 20);
    expect(within(nav).getByRole('link', { name: 'Page 11' }).getAttribute('href')).toBe(
      '/productlist/1?page=11',
    );
    expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/productlist/1?page=9',
    );
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/productlist/1?page=11',
    );
  });

  it('has no previous link on the first page and no next link on the last', () => {
    const first = renderPagination(1, 3);
    expect(within(first.nav).queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(within(first.nav).getByRole('link', { name: 'Next page' })).toBeTruthy();
  });

  it('renders nothing for a single page', () => {
    render(<Pagination currentPage={1} totalPages={1} hrefForPage={(page) => `?page=${page}`} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});
