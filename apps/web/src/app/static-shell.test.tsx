import { describe, expect, it } from 'vitest';
import { renderStaticShell } from './static-shell';

describe('the static shell of index.html', () => {
  const shell = renderStaticShell();
  const page = (name: string, language = 'en') => {
    const whole = new DOMParser().parseFromString(`<div>${shell}</div>`, 'text/html');
    const dom = whole.querySelector(`[data-shell-language="${language}"]`)!;
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

  it("keeps the detail page's main image place empty, once per language, for the shop to draw its image in", () => {
    // apps/api/src/plugins/web.ts looks for exactly this markup.
    expect(shell.split('<div class="gallery__main"></div>')).toHaveLength(3);
  });

  it('is drawn in English and in Korean, each inert and hidden from assistive technology until the app replaces it', () => {
    const dom = new DOMParser().parseFromString(shell, 'text/html');
    const shells = [...dom.body.children];
    expect(shells.map((element) => element.getAttribute('data-shell-language'))).toEqual(['en', 'ko']);
    for (const element of shells) {
      expect(element.hasAttribute('inert')).toBe(true);
      expect(element.getAttribute('aria-hidden')).toBe('true');
    }
    const korean = page('home', 'ko');
    expect(korean.dom.querySelector('header a[aria-label="장바구니"]')?.getAttribute('href')).toBe('/login');
    expect(korean.dom.querySelector('footer')?.textContent).not.toContain('Customer Service');
    expect(korean.screen?.querySelector('h1')?.textContent).not.toBe('K-pop albums and goods for your store');
    expect(page('list', 'ko').screen?.querySelectorAll('.product-card--skeleton')).toHaveLength(20);
  });

  it('holds no product, no price and nothing a member sees', () => {
    expect(shell).not.toContain('product-card__price');
    expect(shell).not.toMatch(/US\$|₩|Members Only/);
    expect(shell).not.toContain('/mypage');
  });
});
