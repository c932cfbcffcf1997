import type { ComponentProps } from 'react';
import { useIsHydrated } from '../use-is-hydrated.ts';

/**
 * A form whose state lives in React, with its controls disabled until the page has hydrated. React keeps what was
 * typed before then on screen but starts its state from the server's values, so a save would silently send the
 * old words; and a button pressed then would submit the form natively, to the page's own address.
 */
export function ScriptedForm({ children, ...props }: ComponentProps<'form'>) {
  const hydrated = useIsHydrated();
  return (
    <form {...props}>
      <fieldset className="scripted-controls" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
