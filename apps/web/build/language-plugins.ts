import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';
import { linguiMacros } from './lingui-macros.ts';

/**
 * Lingui for the storefront and the back office: an app's macros become message ids (before the React plugin
 * compiles the JSX), and the PO catalogues the app imports (src/i18n/i18n.ts) are compiled on the fly. Each app's
 * build, the storefront's static shell (apps/web/build/first-paint.ts) and the tests (the root vitest.config.ts,
 * projects web and admin) use these, each naming its app's lingui.config.ts by its absolute path (this module is
 * bundled into the config that imports it, so it cannot find the file from its own address).
 */
export const languagePlugins = (linguiConfig: string): PluginOption[] => [
  linguiMacros(linguiConfig),
  ...lingui({ configPath: linguiConfig }),
];
