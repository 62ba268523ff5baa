// The app's links: an <a> with the router's href and click handling, which is all the app asks of
// React Router's Link and NavLink. Theirs also carry framework-mode prefetching and view transitions,
// and being used anywhere put that code in every page's first download (about 2.4 KB gzipped).
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...rest }, ref) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      ref={ref}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e);
      }}
    />
  );
});

/** A link that says when it is the current page: class "active" and aria-current="page", as React Router's NavLink. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps>(function NavLink({ to, className, ...rest }, ref) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  // The page itself or one below it, as NavLink without `end` decides.
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = here === target || (here.startsWith(target) && here.charAt(slash) === '/');
  return <Link {...rest} to={to} ref={ref} className={[className, active ? 'active' : null].filter(Boolean).join(' ')} aria-current={active ? 'page' : undefined} />;
});
