/** Moves focus to the first field (in form order) that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, order: readonly string[], errors: Record<string, string>): void {
  const first = order.find((name) => errors[name]);
  if (!form || !first) return;
  const element = form.elements.namedItem(first);
  const target = element instanceof RadioNodeList ? (element[0] as HTMLElement | undefined) : (element as HTMLElement | null);
  target?.focus();
}
