import { useState } from 'react';
import { RequestError } from '../../../components/request.ts';
import { ACCOUNT_TEXT } from '../../../shared/admin-texts.ts';
import { AdminInput } from '../ui/AdminInput.tsx';

// A ref callback of stable identity, so it runs once as each field appears: focus goes to what is asked next.
export const focusFirst = (element: HTMLElement | null) => element?.focus();

/**
 * The password asked again before a way to sign in is added (a passkey, an authenticator app), once the server
 * refuses with a `password` field error because the session signed in a while ago (docs/product.md#account).
 * `asked`: the field shows; `sending` runs a request and shows the field on that refusal, hiding it on success.
 */
export function useRecentPassword() {
  const [asked, setAsked] = useState(false);
  async function sending<T>(request: () => Promise<T>): Promise<T> {
    try {
      const answer = await request();
      setAsked(false);
      return answer;
    } catch (err) {
      if (err instanceof RequestError && err.fields.password) setAsked(true);
      throw err;
    }
  }
  return { asked, sending };
}

/** The field itself, inside the form it goes with: it takes the focus as it appears and is sent as `password`. */
export function RecentPasswordInput({ id, asked, error }: { id: string; asked: boolean; error: string | undefined }) {
  if (!asked) return null;
  return (
    <AdminInput
      id={id}
      ref={focusFirst}
      label={ACCOUNT_TEXT.yourPassword}
      name="password"
      type="password"
      autoComplete="current-password"
      error={error}
    />
  );
}
