import { type ComponentType, lazy } from "react";

/**
 * A screen loaded when it is first opened (D186): the sign-in form and the dashboard need none of the
 * lists and forms, so their code is fetched on the way to a screen, not before the sign-in form.
 */
export function lazyScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
