/**
 * Focuses the first field of a form, in the page's order, that `hasError` names. react-hook-form focuses
 * the first error in the order its fields were registered, and a field a component registers in its own
 * render (the visit request's date) registers before the fields of the components it renders (the
 * children's and adults' names), so its own choice landed on the last field of the form. Answers whether
 * a field took the focus.
 */
export function focusFirstError(form: HTMLFormElement | null, hasError: (name: string) => boolean): boolean {
  for (const element of Array.from(form?.elements ?? [])) {
    const name = element.getAttribute("name");
    if (name && hasError(name) && element instanceof HTMLElement) {
      element.focus();
      return true;
    }
  }
  return false;
}
