/**
 * The storefront's router: the address as React state, route tables matched against it, and links that change it
 * without reloading the page. It keeps the names and behaviour of React Router 7's declarative mode for what the
 * storefront uses (decision 31), in about 2.3 KiB gzipped instead of 11.3 on the home page; the back office
 * stays on React Router.
 *
 * What it does as React Router does: paths match without regard to case and with or without a trailing slash;
 * the most specific route wins (static segments over `:params` over `*`); parameters are decoded; a change of
 * address renders as a transition, so a page whose module is still loading leaves the old page on screen; a link
 * to the address already shown replaces it instead of stacking a second history entry; a click with a modifier
 * key, another button or another target is left to the browser.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

export type Location = { pathname: string; search: string; hash: string };
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export type To = string | { pathname?: string; search?: string; hash?: string };
export type NavigateOptions = { replace?: boolean };
export type NavigateFunction = (to: To, options?: NavigateOptions) => void;
export type Params = Record<string, string | undefined>;
export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
};

type RouterState = { location: Location; navigationType: NavigationType };
type RouterContextValue = RouterState & { go: (location: Location, replace: boolean) => void };
type RouteContextValue = { params: Params; base: string; outlet: ReactNode };

/** Where the address lives: the browser's history, or memory (tests and the build's static shell). */
type History = {
  push: (location: Location) => void;
  replace: (location: Location) => void;
  /** Calls back when the visitor moves through the history with back or forward; returns the unsubscribe. */
  listen: (onPop: (location: Location) => void) => () => void;
};

const RouterContext = createContext<RouterContextValue | null>(null);
const RouteContext = createContext<RouteContextValue>({ params: {}, base: '/', outlet: null });
const OutletContext = createContext<unknown>(undefined);

function parsePath(path: string): Location {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const rest = hashAt < 0 ? path : path.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt < 0 ? rest : rest.slice(0, searchAt),
    search: searchAt < 0 ? '' : rest.slice(searchAt),
    hash,
  };
}

function createPath({ pathname, search, hash }: Location): string {
  return pathname + (search === '?' ? '' : search) + (hash === '#' ? '' : hash);
}

function joinPaths(base: string, path: string): string {
  return `${base}/${path}`.replace(/\/\/+/g, '/');
}

/**
 * Where `to` leads from `location` inside a route whose matched address is `base`: an object or a string with no
 * path keeps the current path (`?page=2`); a path without a leading slash continues the route's address.
 */
function resolveTo(to: To, location: Location, base: string): Location {
  const target = typeof to === 'string' ? parsePath(to) : to;
  let pathname = target.pathname || location.pathname;
  if (target.pathname && !pathname.startsWith('/')) pathname = joinPaths(base, pathname);
  return { pathname, search: target.search ?? '', hash: target.hash ?? '' };
}

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a storefront page is rendered outside its router');
  return router;
}

function Router({
  initial,
  history,
  children,
}: {
  initial: Location;
  history: History;
  children: ReactNode;
}) {
  const [state, setState] = useState<RouterState>({ location: initial, navigationType: 'POP' });
  useLayoutEffect(
    () => history.listen((location) => startTransition(() => setState({ location, navigationType: 'POP' }))),
    [history],
  );
  const go = useCallback(
    (location: Location, replace: boolean) => {
      (replace ? history.replace : history.push)(location);
      startTransition(() => setState({ location, navigationType: replace ? 'REPLACE' : 'PUSH' }));
    },
    [history],
  );
  const value = useMemo(() => ({ ...state, go }), [state, go]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

const browserHistory: History = {
  push: (location) => window.history.pushState(null, '', createPath(location)),
  replace: (location) => window.history.replaceState(null, '', createPath(location)),
  listen: (onPop) => {
    const onPopState = () => onPop(browserLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  },
};

/** The router of the running storefront: the address bar's address, and back and forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [initial] = useState(browserLocation);
  return (
    <Router initial={initial} history={browserHistory}>
      {children}
    </Router>
  );
}

const memoryHistory: History = { push: () => {}, replace: () => {}, listen: () => () => {} };

/** A router that starts at `initialEntries[0]` and keeps no history (tests, the build's static shell). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [initial] = useState(() => parsePath(initialEntries[0] ?? '/'));
  return (
    <Router initial={initial} history={memoryHistory}>
      {children}
    </Router>
  );
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useParams<T extends Params = Params>(): Partial<T> {
  return useContext(RouteContext).params as Partial<T>;
}

export function useOutletContext<T>(): T {
  return useContext(OutletContext) as T;
}

export function useNavigate(): NavigateFunction {
  const { location, go } = useRouter();
  const { base } = useContext(RouteContext);
  return useCallback(
    (to: To, options: NavigateOptions = {}) => go(resolveTo(to, location, base), options.replace === true),
    [go, location, base],
  );
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit, options?: NavigateOptions) =>
      navigate({ search: `?${new URLSearchParams(next)}` }, options),
    [navigate],
  );
  return [params, setParams];
}

// ---- Matching ----

/** A route with its parents, and for each the full path it matches (a pathless layout has none). */
type Branch = {
  routes: RouteObject[];
  paths: (string | undefined)[];
  path: string;
  score: number;
  order: number;
};

/** React Router's ranking: per segment a static one counts 10, a parameter 3, an empty one 1; an index route 2
 * more, a splat 2 less. The highest score wins; between equals, the one listed first. */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length + (index ? 2 : 0) + (segments.includes('*') ? -2 : 0);
  for (const segment of segments) {
    if (segment !== '*') score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function flatten(
  routes: RouteObject[],
  base: string,
  parents: Pick<Branch, 'routes' | 'paths'>,
  branches: Branch[],
): Branch[] {
  for (const route of routes) {
    const own =
      route.path === undefined
        ? undefined
        : route.path.startsWith('/')
          ? route.path
          : joinPaths(base, route.path);
    const path = own ?? base;
    const chain = { routes: [...parents.routes, route], paths: [...parents.paths, own] };
    if (route.children?.length) flatten(route.children, path, chain, branches);
    if (own !== undefined || route.index) {
      branches.push({ ...chain, path, score: scoreOf(path, route.index === true), order: branches.length });
    }
  }
  return branches;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The params and the matched part of `pathname` (its base) if `pattern` matches all of it, without regard to case
 * and with or without a trailing slash; a pattern ending in `*` matches the rest of the address too.
 */
function matchPattern(pattern: string, pathname: string): { params: Params; base: string } | null {
  const names: string[] = [];
  const splat = pattern === '*' || pattern.endsWith('/*');
  const source = pattern
    .replace(/\/?\*$/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  const found = new RegExp(`^(${source})${splat ? '(?:/(.*))?' : ''}/*$`, 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    params[name] = decodeParam(found[i + 2] ?? '');
  });
  if (splat) params['*'] = decodeParam(found[names.length + 2] ?? '');
  return { params, base: found[1] || '/' };
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Match = { route: RouteObject; base: string };

function matchRoutes(
  routes: RouteObject[],
  pathname: string,
  base: string,
): { matches: Match[]; params: Params } | null {
  const branches = flatten(routes, base, { routes: [], paths: [] }, []);
  branches.sort((a, b) => b.score - a.score || a.order - b.order);
  for (const branch of branches) {
    const found = matchPattern(branch.path, pathname);
    if (!found) continue;
    // Each route's own part of the address, from which relative links inside it continue.
    let routeBase = base;
    const matches = branch.routes.map((route, i) => {
      const own = branch.paths[i];
      if (own !== undefined)
        routeBase = matchPattern(`${own.replace(/\/?\*$/, '')}/*`, pathname)?.base ?? routeBase;
      return { route, base: routeBase };
    });
    return { matches, params: found.params };
  }
  return null;
}

/** Renders the route of `routes` that matches the address, its parents around it through `<Outlet />`. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const matched = useMemo(() => matchRoutes(routes, pathname, parent.base), [routes, pathname, parent.base]);
  if (!matched) return null;
  const params = { ...parent.params, ...matched.params };
  let element: ReactElement | null = null;
  for (const { route, base } of [...matched.matches].reverse()) {
    const outlet = element;
    element = (
      <RouteContext.Provider value={{ params, base, outlet }}>
        {route.element ?? outlet}
      </RouteContext.Provider>
    );
  }
  return element;
}

/** Where a layout route shows its matched child; `context` is what the child reads with `useOutletContext`. */
export function Outlet({ context }: { context?: unknown }) {
  const { outlet } = useContext(RouteContext);
  return <OutletContext.Provider value={context}>{outlet}</OutletContext.Provider>;
}

type RouteProps = { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode };

/** A route of a `<Routes>` table; it renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesOf((child.props as { children?: ReactNode }).children));
      return;
    }
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, element, children: nested ? routesOf(nested) : undefined });
  });
  return routes;
}

/** The route table as JSX: `<Routes><Route path="..." element={...} /></Routes>`. */
export function Routes({ children }: { children: ReactNode }) {
  return useRoutes(routesOf(children));
}

// ---- Links ----

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

/** Where a link to `to` leads from the current address and route. */
function useResolved(to: To): Location {
  const { location } = useRouter();
  const { base } = useContext(RouteContext);
  return resolveTo(to, location, base);
}

/** A link that changes the page in place; it stays a real `<a href>` for new tabs, copying and assistive tech. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = createPath(useResolved(to));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? href === createPath(location) });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/** A link that knows when it leads to the page shown: `aria-current="page"` and the class `active`, as React
 * Router's NavLink gives; `end` matches the address exactly instead of it and the pages below it. */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean; className?: string }) {
  const { pathname } = useLocation();
  const target = trimSlash(useResolved(props.to).pathname);
  const current = trimSlash(pathname);
  const active = current === target || (!end && target !== '/' && current.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** Sends the visitor on at once (a page they may not see); replaces the address when asked. */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigates once, when it is first shown
  useEffect(() => navigate(to, { replace }), []);
  return null;
}
