/**
 * What the home page downloads before it can run: the scripts, module preloads and stylesheets that
 * apps/web/dist/index.html names, and the scripts and styles written inline in it, each gzipped at level 9 (close
 * to what a CDN serves).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../e2e/support/server.js';
import { isMain, round, writeResult } from './support/report.js';

const webDist = path.join(repoRoot, 'apps/web/dist');

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface BundleSizeResult {
  assets: AssetSize[];
  jsGzipKiB: number;
  cssGzipKiB: number;
}

function attributesOf(tag: string): Map<string, string> {
  return new Map(
    [...tag.matchAll(/([\w-]+)(?:\s*=\s*"([^"]*)")?/g)].map((m) => [m[1]!.toLowerCase(), m[2] ?? '']),
  );
}

/** The local files index.html makes the browser fetch at once: module scripts, modulepreloads, stylesheets. */
export function initialAssets(html: string): { file: string; kind: 'js' | 'css' }[] {
  const assets: { file: string; kind: 'js' | 'css' }[] = [];
  for (const [, name, rest] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = attributesOf(rest ?? '');
    const rel = attributes.get('rel');
    const url =
      name?.toLowerCase() === 'script'
        ? attributes.get('src')
        : rel && /^(modulepreload|stylesheet)$/.test(rel)
          ? attributes.get('href')
          : undefined;
    if (!url || /^(https?:)?\/\//.test(url)) continue;
    assets.push({ file: url.replace(/^\//, ''), kind: rel === 'stylesheet' ? 'css' : 'js' });
  }
  return assets;
}

/** The bodies of the scripts index.html carries inline (they run before anything is downloaded). */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter(([tag, body]) => !/\ssrc\s*=/.test(tag.slice(0, tag.indexOf('>'))) && (body ?? '').trim() !== '')
    .map(([, body]) => body ?? '');

/** The bodies of the <style> elements of index.html (its stylesheets, written inline by the build). */
export const inlineStyles = (html: string): string[] =>
  [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => body ?? '');

const kib = (bytes: number) => round(bytes / 1024, 1);

export async function measureBundleSize(): Promise<BundleSizeResult> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const assets: AssetSize[] = [];
  const inline = [
    ...inlineScripts(html).map((body, index) => ({ body, kind: 'js' as const, name: `script ${index + 1}` })),
    ...inlineStyles(html).map((body, index) => ({ body, kind: 'css' as const, name: `style ${index + 1}` })),
  ];
  for (const { body, kind, name } of inline) {
    const content = Buffer.from(body);
    assets.push({
      file: `index.html inline ${name}`,
      kind,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    });
  }
  for (const { file, kind } of initialAssets(html)) {
    const content = await readFile(path.join(webDist, file));
    assets.push({ file, kind, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
  }
  const gzipTotal = (kind: 'js' | 'css') =>
    assets.filter((a) => a.kind === kind).reduce((sum, asset) => sum + asset.gzipBytes, 0);
  return { assets, jsGzipKiB: kib(gzipTotal('js')), cssGzipKiB: kib(gzipTotal('css')) };
}

export function describeBundleSize(result: BundleSizeResult): string {
  return [
    ...result.assets.map((a) => `  ${a.file}: ${kib(a.bytes)} KiB, gzipped ${kib(a.gzipBytes)} KiB`),
    `home initial JS gzipped: ${result.jsGzipKiB} KiB`,
    `home initial CSS gzipped: ${result.cssGzipKiB} KiB`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const result = await measureBundleSize();
  console.info(describeBundleSize(result));
  console.info(`written to ${await writeResult('bundle-size', result)}`);
}
