import { type ComponentType, createContext, type MouseEvent, type ReactNode, useContext } from 'react';

/** What a shared piece asks of an app's in-page link: the storefront and the back office route differently. */
export type RouterLinkProps = {
  to: string;
  /** The history entry's state, where the app's router keeps one (the login screen's way back). */
  state?: unknown;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  'aria-label'?: string;
  'aria-current'?: 'page';
  children: ReactNode;
};

/** Without a provider a link is a plain `<a href>`: it still works, by loading the page. */
function PlainLink({ to, state: _state, ...rest }: RouterLinkProps) {
  return <a href={to} {...rest} />;
}

const RouterLinkContext = createContext<ComponentType<RouterLinkProps>>(PlainLink);

/** Gives the shared pieces (pagination, the alert's way forward) the app's own link, so they change the page in place. */
export function RouterLinkProvider({
  link,
  children,
}: {
  link: ComponentType<RouterLinkProps>;
  children: ReactNode;
}) {
  return <RouterLinkContext.Provider value={link}>{children}</RouterLinkContext.Provider>;
}

export function RouterLink(props: RouterLinkProps) {
  const Link = useContext(RouterLinkContext);
  return <Link {...props} />;
}
