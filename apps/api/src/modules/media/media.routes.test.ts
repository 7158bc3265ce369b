import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../lib/markup.js';
import { DEMO_IMAGE_NAME, demoImageSvg } from './demo-image.js';
import mediaRoutes from './media.routes.js';

describe('GET /media/demo/:name', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(mediaRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  it('draws a cacheable SVG for a demo image name', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/demo/nova9-blue-hour-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(res.body).toContain('viewBox="0 0 600 600"');
    expect(res.body).toContain('NOVA9 BLUE');
    expect(res.body.toLowerCase()).not.toContain('<script');
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
    expect(res.body.length).toBeLessThan(4096);
  });

  it('answers the same name with the same image and another name with another', async () => {
    const first = await app.inject({ method: 'GET', url: '/media/demo/prisma-neon-garden-2.svg' });
    const again = await app.inject({ method: 'GET', url: '/media/demo/prisma-neon-garden-2.svg' });
    const other = await app.inject({ method: 'GET', url: '/media/demo/prisma-neon-garden-3.svg' });
    expect(again.body).toBe(first.body);
    expect(other.body).not.toBe(first.body);
  });

  it.each([
    'NOVA9-1.svg',
    'nova9_1.svg',
    'nova9-1.png',
    'nova9-1.svg.js',
    'nova9-1',
    '.svg',
    '-nova9.svg',
    '%3Cscript%3E.svg',
    '..%2F..%2Fpackage.json',
    `${'a'.repeat(81)}.svg`,
  ])('answers 404 in the envelope for %s', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/media/demo/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'Not Found', data: null });
  });
});

describe('demoImageSvg', () => {
  it('accepts only lowercase letters, digits and hyphens before .svg', () => {
    expect(DEMO_IMAGE_NAME.test('no-image-1.svg')).toBe(true);
    expect(DEMO_IMAGE_NAME.test('a.svg')).toBe(true);
    expect(DEMO_IMAGE_NAME.test('a b.svg')).toBe(false);
    expect(DEMO_IMAGE_NAME.test('a.SVG')).toBe(false);
  });

  it('escapes any text it is given', () => {
    const svg = demoImageSvg(`<script>&"'`);
    expect(svg).not.toContain('<SCRIPT>');
    expect(svg).toContain('&lt;SCRIPT&gt;&amp;&quot;&apos;');
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    );
  });

  it('shows the image number apart from the words', () => {
    const svg = demoImageSvg('lumos-image-picket-3.svg');
    expect(svg).toContain('LUMOS IMAGE');
    expect(svg).toContain('NO. 03');
    expect(svg).toContain('<title>LUMOS IMAGE PICKET</title>');
  });
});
