import type { ReactNode } from 'react';

/** A wide table that scrolls sideways on small screens; keyboard users can focus it to scroll (WCAG 2.1.1). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
