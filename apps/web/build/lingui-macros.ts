import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Turns Lingui's macros (`<Trans>`, `t`, `msg`, `useLingui` from `@lingui/react/macro` and `@lingui/core/macro`)
 * into message ids and calls of Lingui's runtime. @vitejs/plugin-react 6 has no Babel pass, and the Babel plugin
 * for Rolldown needs Node 22, so this runs Babel itself with Lingui's macro plugin alone, and only on the modules
 * that import a macro; TypeScript and JSX are parsed and printed back as they are, for the React plugin and
 * Rolldown to compile as before. Used by the app's build, the static shell's rendering and the tests.
 */
export function linguiMacros(configPath: string): Plugin {
  // Read once, from the app's file, whichever directory the build or the tests run from.
  const linguiConfig = getConfig({ configPath, skipValidation: true });
  return {
    name: 'kshop-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) {
        return null;
      }
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [[linguiMacro, { linguiConfig }]],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
