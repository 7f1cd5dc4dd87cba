import { useRouter } from "@tanstack/react-router";
import type { ComponentPropsWithoutRef, MouseEvent } from "react";

/**
 * An in-app link to a path that is not itself a route (e.g. /school-offers, which the router redirects):
 * a real `<a href>` that navigates client-side on a plain click.
 */
export function HrefLink({ href, onClick, ...props }: ComponentPropsWithoutRef<"a"> & { href: string }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
