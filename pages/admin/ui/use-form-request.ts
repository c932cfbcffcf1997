import { type FormEvent, useRef, useState } from 'react';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { focusFirstError } from '../../../components/form/focus.ts';
import { type Notice, formBody } from './Notice.tsx';

/**
 * A form's request with what it shows: the notice and the field errors are cleared as it starts; a refusal shows
 * its message and each refused field's error, and what was typed stays. `busy` lasts while it runs; a request
 * whose success loads another page (`leavesPage`) stays busy until that page comes. A form given `formRef` has its
 * first refused field (by its `name`, in form order) focused after a refusal, so keyboard and screen-reader users
 * land on it and hear its error (the field's `aria-describedby`).
 */
export function useFormRequest() {
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  async function run(request: () => Promise<void>, { leavesPage = false } = {}) {
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      await request();
      if (!leavesPage) setBusy(false);
    } catch (err) {
      const fields = err instanceof RequestError ? err.fields : {};
      setErrors(fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
      setBusy(false);
      // After the render that enables the controls again and shows the errors.
      const form = formRef.current;
      if (form)
        requestAnimationFrame(() =>
          focusFirstError(
            form,
            [...form.elements].map((e) => (e as HTMLInputElement).name),
            fields,
          ),
        );
    }
  }
  /** Posts the form; once accepted it is emptied, `onDone` gets the answer and its message is announced. */
  const postForm =
    <Answer extends { message: string }>(url: string, csrfToken: string | null, onDone?: (answer: Answer) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const body = formBody(event);
      void run(async () => {
        const res = await adminApi<Answer>('POST', url, csrfToken, body);
        form.reset();
        onDone?.(res);
        setNotice({ kind: 'success', text: res.message });
      });
    };
  return { notice, setNotice, errors, busy, run, postForm, formRef };
}
