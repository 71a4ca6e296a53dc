import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const NAVIGATED = 'console:navigated';

/** The current address; views re-render when it changes (links, back and forward). */
export function useLocation(): URL {
  const [href, setHref] = useState(location.href);
  useEffect(() => {
    const update = () => setHref(location.href);
    addEventListener('popstate', update);
    addEventListener(NAVIGATED, update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener(NAVIGATED, update);
    };
  }, []);
  return new URL(href);
}

/** Goes to a console address without reloading the page. */
export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new Event(NAVIGATED));
}

/** A plain link that the console follows itself (a new tab or window still works as usual). */
export function Link(props: { href: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page' }) {
  return (
    <a
      {...props}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(props.href);
      }}
    />
  );
}
