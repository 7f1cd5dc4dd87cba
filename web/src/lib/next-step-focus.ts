/**
 * Where the focus goes when the control a parent used is gone (the header's sign-in button after a
 * sign-in): the page's next thing to do, marked with `data-next-step`, else the page's heading. Without
 * this the browser drops the focus on <body>, and a keyboard or screen reader user starts over at the top.
 */
export const NEXT_STEP = { "data-next-step": "" } as const;

export function focusNextStep(root: ParentNode = document): HTMLElement | null {
  const marked = Array.from(root.querySelectorAll<HTMLElement>("main [data-next-step]")).find(
    (element) => !element.closest("[hidden],[inert]") && !(element as HTMLButtonElement).disabled,
  );
  const target = marked ?? root.querySelector<HTMLElement>("main h1");
  if (!target) return null;
  // A heading is not focusable by itself; -1 lets a script focus it without adding it to the tab order.
  if (!marked && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
  return target;
}
