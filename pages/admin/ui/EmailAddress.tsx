import { Fragment } from 'react';

/** An e-mail address that may wrap after its `@` and before each dot, never in the middle of a word. */
export function EmailAddress({ email }: { email: string }) {
  return (
    <>
      {email.split(/([@.])/).map((part, i) =>
        part === '@' ? (
          <Fragment key={i}>
            @<wbr />
          </Fragment>
        ) : part === '.' ? (
          <Fragment key={i}>
            <wbr />.
          </Fragment>
        ) : (
          part
        ),
      )}
    </>
  );
}
