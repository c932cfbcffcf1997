/**
 * What the visitor typed or chose in the form before its scripts ran, as `[name, value]` pairs. React keeps
 * that text on screen when it hydrates, but its state starts from the server's empty values, so without this the
 * form would report the fields missing (or send them empty). Controls still at their server-rendered default
 * are left out.
 */
export function typedBeforeHydration(form: HTMLFormElement | null): Array<[string, string]> {
  const typed: Array<[string, string]> = [];
  for (const control of form?.elements ?? []) {
    if (control instanceof HTMLInputElement) {
      if (control.type === 'radio' || control.type === 'checkbox') {
        if (control.checked && !control.defaultChecked) typed.push([control.name, control.value]);
      } else if (control.type !== 'hidden' && control.value !== control.defaultValue) typed.push([control.name, control.value]);
    } else if (control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) typed.push([control.name, control.value]);
    } else if (control instanceof HTMLSelectElement) {
      // With no option marked selected in the HTML, the first one is the default.
      const initial = [...control.options].find((o) => o.defaultSelected) ?? control.options[0];
      if (control.value !== (initial?.value ?? '')) typed.push([control.name, control.value]);
    }
  }
  return typed.filter(([name]) => name !== '');
}
