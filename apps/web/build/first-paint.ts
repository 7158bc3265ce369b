import path from 'node:path';
import type { TreeshakingOptions } from 'rolldown';
import { type AliasOptions, build, type Plugin, type PluginOption, runnerImport } from 'vite';

/** The lazily loaded page module of each first page that has one (home is part of the entry chunk). */
const PAGE_MODULES = {
  list: 'src/features/catalog/routes/product-list-page.tsx',
  detail: 'src/features/product-detail/routes/product-detail-page.tsx',
} as const;

/**
 * The app's own alias and tree-shaking settings, which the inline script's bundle needs as well, and the plugins
 * that compile Lingui's macros and catalogues, which the static shell's components need.
 */
type FirstPaintOptions = {
  alias: AliasOptions;
  treeshake: TreeshakingOptions;
  languagePlugins: () => PluginOption[];
};

type RouteAssets = Record<string, { scripts: string[]; styles: string[] }>;

type OutputBundle = NonNullable<Parameters<Extract<Plugin['generateBundle'], (...a: never[]) => unknown>>[1]>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** Each page chunk with the chunks it imports statically and its CSS, less what the entry already loads. */
function routeAssetsOf(bundle: OutputBundle, root: string): RouteAssets {
  const chunks = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const fileName of start) visit(fileName);
    return seen;
  };
  const entry = closure([...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName));
  const assets: RouteAssets = {};
  for (const [page, modulePath] of Object.entries(PAGE_MODULES)) {
    const pageChunk = [...chunks.values()].find((c) => c.facadeModuleId === path.join(root, modulePath));
    if (!pageChunk) throw new Error(`no chunk for ${modulePath}: was it renamed?`);
    const files = [...closure([pageChunk.fileName])].filter((fileName) => !entry.has(fileName));
    assets[page] = {
      scripts: files.map((fileName) => `/${fileName}`),
      styles: files.flatMap((fileName) =>
        [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
      ),
    };
  }
  return assets;
}

/** Each language's catalogue chunk (src/locales/{language}/messages.po), which the first render waits for. */
function catalogAssetsOf(bundle: OutputBundle): Record<string, string> {
  const assets: Record<string, string> = {};
  for (const chunk of chunksOf(bundle)) {
    const language = /[\\/]locales[\\/]([a-z]+)[\\/]messages\.po$/.exec(chunk.facadeModuleId ?? '')?.[1];
    if (language) assets[language] = `/${chunk.fileName}`;
  }
  if (!assets.en || !assets.ko) throw new Error('the build has no catalogue chunk for English or Korean');
  return assets;
}

/** The inline script's budget: it runs before anything else on every page (about 5 KB today). */
const BOOT_SCRIPT_MAX_BYTES = 16 * 1024;

/** src/boot/early-reads.ts bundled into one small script, with the page and catalogue assets written into it. */
async function bootScript(
  options: FirstPaintOptions,
  root: string,
  routeAssets: RouteAssets,
  catalogAssets: Record<string, string>,
): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: options.alias },
    define: {
      __ROUTE_ASSETS__: JSON.stringify(routeAssets),
      __CATALOG_ASSETS__: JSON.stringify(catalogAssets),
    },
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      lib: { entry: path.join(root, 'src/boot/early-reads.ts'), formats: ['iife'], name: 'kshopEarlyReads' },
      rolldownOptions: { treeshake: options.treeshake },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const code = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((file) => file.type === 'chunk')?.code;
  if (!code) throw new Error('the early-reads script built to nothing');
  // Every page's HTML carries it: a module that drags in a library (a Lingui macro left uncompiled brings Babel
  // and TypeScript, megabytes) must fail the build rather than ship.
  if (code.length > BOOT_SCRIPT_MAX_BYTES) {
    throw new Error(
      `the early-reads script is ${code.length} bytes (at most ${BOOT_SCRIPT_MAX_BYTES}): keep its imports free of React, Lingui and the contract's schemas`,
    );
  }
  return code.trim().replaceAll('</script', '<\\/script');
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;

/** The text of a stylesheet the build wrote, by its address (`/assets/index-….css`). */
function cssOf(bundle: OutputBundle, href: string): string {
  const asset = bundle[href.replace(/^\//, '')];
  if (asset?.type !== 'asset') throw new Error(`no stylesheet ${href} in the build`);
  const css = String(asset.source);
  if (/<\/style/i.test(css)) throw new Error(`${href} cannot be written inside a <style> element`);
  return css;
}

/**
 * index.html with its stylesheets written into one <style> in their place, followed by the styles of the list and
 * detail pages' first screens: the first paint then waits for no stylesheet request (one round trip less on a slow
 * network, and nothing for Lighthouse to call render-blocking). The files stay in the build, where the lazily loaded
 * pages ask for them.
 */
function withInlineStyles(html: string, bundle: OutputBundle, routeAssets: RouteAssets): string {
  const links = html.match(STYLESHEET_LINK) ?? [];
  const hrefs = links.map((link) => /\bhref="([^"]+)"/.exec(link)?.[1] ?? '');
  if (hrefs.length === 0 || hrefs.some((href) => !href.startsWith('/assets/'))) {
    throw new Error(`index.html names no built stylesheet, or one from elsewhere: ${links.join(' ')}`);
  }
  const routeStyles = Object.values(routeAssets).flatMap((assets) => assets.styles);
  const css = [...new Set([...hrefs, ...routeStyles])].map((href) => cssOf(bundle, href)).join('\n');
  let first = true;
  return html.replace(STYLESHEET_LINK, () => {
    if (!first) return '';
    first = false;
    return `<style>${css}</style>`;
  });
}

/** The shell is rendered for its markup only; the build's own CSS bundle styles it. */
const withoutStyles: Plugin = {
  name: 'kshop-shell-without-styles',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.css') ? '\0shell-style' : null),
  load: (id) => (id === '\0shell-style' ? 'export {}' : null),
};

/**
 * Gives the storefront a first paint before its JavaScript runs (docs/decisions/0014-first-paint.md): index.html gets
 * the static shell (src/app/static-shell.tsx, rendered here with the app's components) inside #root, which the
 * app's first render replaces, its styles written inline, and an inline script at the top of <head> that starts the
 * first page's API reads and its lazily loaded chunks at once (src/boot/early-reads.ts).
 */
export function firstPaint(options: FirstPaintOptions): Plugin {
  let root = '';
  return {
    name: 'kshop-first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) return html;
        const routeAssets = routeAssetsOf(context.bundle, root);
        const script = await bootScript(options, root, routeAssets, catalogAssetsOf(context.bundle));
        const { module } = await runnerImport<{ renderStaticShell(): string }>(
          path.join(root, 'src/app/static-shell.tsx'),
          {
            configFile: false,
            root,
            logLevel: 'warn',
            resolve: { alias: options.alias },
            plugins: [withoutStyles, ...options.languagePlugins()],
          },
        );
        const emptyRoot = '<div id="root"></div>';
        if (!html.includes(emptyRoot)) throw new Error('index.html has no empty #root for the static shell');
        return {
          html: withInlineStyles(html, context.bundle, routeAssets).replace(
            emptyRoot,
            `<div id="root">${module.renderStaticShell()}</div>`,
          ),
          tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}
