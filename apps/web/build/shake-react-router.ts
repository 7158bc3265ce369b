import type { Plugin } from 'vite';

/**
 * Lets the bundler drop the parts of React Router the storefront never uses (data routers, forms, fetchers, scroll
 * restoration, server components). Its production build creates every component and context at the top level with
 * calls the bundler must assume have side effects (`React.forwardRef(...)`, `React.createContext(...)`) and then
 * names each one (`Link.displayName = "Link"`), so all of them stayed in the home page's JavaScript whether used or
 * not. Marking those calls pure and leaving out the names (read only by React's developer tools, which a production
 * build does not serve) changes nothing that runs: a component the app uses is kept whole.
 */
export function shakeReactRouter(): Plugin {
  return {
    name: 'kshop-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        return code
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/\bReact\d*\.(forwardRef|createContext|memo)\(/g, '/* @__PURE__ */ $&');
      },
    },
  };
}
