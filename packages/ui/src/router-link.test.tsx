import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination';
import { type RouterLinkProps, RouterLinkProvider } from './router-link';

function MarkedLink({ to, children, ...rest }: RouterLinkProps) {
  return (
    <a href={`/app${to}`} data-app-link="" {...rest}>
      {children}
    </a>
  );
}

describe('RouterLink', () => {
  it("renders the app's own link when one is provided", () => {
    render(
      <RouterLinkProvider link={MarkedLink}>
        <Pagination currentPage={2} totalPages={3} hrefForPage={(page) => `/list?page=${page}`} />
      </RouterLinkProvider>,
    );
    const page3 = screen.getByRole('link', { name: 'Page 3' });
    expect(page3.getAttribute('href')).toBe('/app/list?page=3');
    expect(page3.hasAttribute('data-app-link')).toBe(true);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('falls back to a plain link that loads the page', () => {
    render(<Pagination currentPage={1} totalPages={2} hrefForPage={(page) => `/list?page=${page}`} />);
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next.getAttribute('href')).toBe('/list?page=2');
    expect(next.hasAttribute('data-app-link')).toBe(false);
  });
});
