import type { ReactNode } from 'react';

/** A part of an admin page named by its heading: screen readers list it as a region called that (`aria-labelledby`). */
export function TitledSection({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}
