import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-html';

const parse = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

describe('sanitizeDescription', () => {
  it('removes scripts, iframes and event handlers', () => {
    const clean = sanitizeDescription(
      '<p>Hi<script>alert(1)</script></p><iframe src="https://evil.test"></iframe><img src="/media/a.svg" onerror="alert(2)">',
    );
    expect(clean).not.toMatch(/script|iframe|onerror|alert/i);
    expect(clean).toContain('<img src="/media/a.svg">');
  });

  it('keeps the allowed tags p, br, strong, em, u, ul, ol, li and img', () => {
    const html =
      '<p>One<br><strong>bold</strong> <em>it</em> <u>under</u></p><ul><li>a</li></ul><ol><li>b</li></ol><img src="/media/x.svg" alt="Poster">';
    const clean = parse(sanitizeDescription(html));
    for (const tag of ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'img']) {
      expect(clean.querySelector(tag), tag).not.toBeNull();
    }
    const img = clean.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/media/x.svg');
    expect(img?.getAttribute('alt')).toBe('Poster');
  });

  it('drops other tags but keeps their text, and strips attributes other than img src and alt', () => {
    const clean = sanitizeDescription(
      '<div class="x"><a href="javascript:alert(1)">link</a><p style="color:red" title="t">para</p><img src="/m.svg" width="10" class="c"><h1>Head</h1><style>p{}</style></div>',
    );
    expect(clean).toBe('link<p>para</p><img src="/m.svg">Head');
  });

  it('removes javascript: image sources', () => {
    const clean = parse(sanitizeDescription('<img src="javascript:alert(1)" alt="x">'));
    expect(clean.querySelector('img')?.getAttribute('src')).toBeNull();
  });
});
