import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link within the app: the router moves on a plain click, the browser on a modified one (new tab or
 * window). React Router's `Link` does more (relative paths, state, view transitions) that these components
 * never use, and would be part of every page's first script for it.
 */
export function RouterLink({ to, onClick, target, ...props }: RouterLinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    />
  );
}
