import { describe, expect, it } from 'vitest';
import { renderStaticShell } from './static-shell';

describe('the static shell of index.html', () => {
  const shell = renderStaticShell();
  const page = (name: string) => {
    const dom = new DOMParser().parseFromString(`<div>${shell}</div>`, 'text/html');
    return { dom, screen: dom.querySelector(`[data-shell-page="${name}"]`) };
  };

  it('is the page frame as a guest sees it: skip link, header with the guest links, main and footer', () => {
    const { dom } = page('home');
    expect(dom.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');
    expect(dom.querySelector('header a[aria-label="Cart"]')?.getAttribute('href')).toBe('/login');
    expect(dom.querySelector('header a[aria-label="My Page"]')?.getAttribute('href')).toBe('/login');
    expect(dom.querySelectorAll('main#main')).toHaveLength(1);
    expect(dom.querySelector('footer')?.textContent).toContain('Customer Service');
  });

  it('holds the first screen of home, a list and a detail while their products load', () => {
    expect(page('home').screen?.querySelector('h1')?.textContent).toBe(
      'K-pop albums and goods for your store',
    );
    expect([...(page('home').screen?.querySelectorAll('h2') ?? [])].map((h) => h.textContent)).toEqual([
      'PRE-ORDER',
      'K-MERCH',
      'K-MAGAZINE',
      expect.any(String),
    ]);
    expect(page('list').screen?.querySelectorAll('.product-card--skeleton')).toHaveLength(20);
    expect(page('detail').screen?.querySelector('.gallery__main')).not.toBeNull();
  });

  it("keeps the detail page's main image place empty, once, for the shop to draw its image in", () => {
    // apps/api/src/plugins/web.ts looks for exactly this markup.
    expect(shell.split('<div class="gallery__main"></div>')).toHaveLength(2);
  });

  it('is inert and hidden from assistive technology until the app replaces it', () => {
    const dom = new DOMParser().parseFromString(shell, 'text/html');
    expect(dom.body.firstElementChild?.hasAttribute('inert')).toBe(true);
    expect(dom.body.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(dom.body.children).toHaveLength(1);
  });

  it('holds no product, no price and nothing a member sees', () => {
    expect(shell).not.toContain('product-card__price');
    expect(shell).not.toMatch(/US\$|₩|Members Only/);
    expect(shell).not.toContain('/mypage');
  });
});
