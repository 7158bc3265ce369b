import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';
import { linguiMacros } from './lingui-macros.ts';

/**
 * Lingui for the storefront: its macros become message ids (before the React plugin compiles the JSX), and the PO
 * catalogues the app imports (src/i18n/i18n.ts) are compiled on the fly. The app's build, the static shell's
 * rendering (build/first-paint.ts) and the tests (the root vitest.config.ts, project web) all use these, each
 * naming apps/web/lingui.config.ts by its absolute path (this module is bundled into the config that imports it,
 * so it cannot find the file from its own address).
 */
export const languagePlugins = (linguiConfig: string): PluginOption[] => [
  linguiMacros(linguiConfig),
  ...lingui({ configPath: linguiConfig }),
];
