import { type FormEvent, useState } from 'react';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { type Notice, formBody } from './Notice.tsx';

/**
 * A form's request with what it shows: the notice and the field errors are cleared as it starts; a refusal shows
 * its message and each refused field's error, and what was typed stays. `busy` lasts while it runs; a request
 * whose success loads another page (`leavesPage`) stays busy until that page comes.
 */
export function useFormRequest() {
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function run(request: () => Promise<void>, { leavesPage = false } = {}) {
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      await request();
      if (!leavesPage) setBusy(false);
    } catch (err) {
      if (err instanceof RequestError) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
      setBusy(false);
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
  return { notice, setNotice, errors, busy, run, postForm };
}
