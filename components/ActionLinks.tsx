/** A link drawn as a button. */
export interface ActionLink {
  href: string;
  label: string;
}

/** Two next steps side by side: the main one (accent) and a quieter one, as the hero and the closing band show. */
export function ActionLinks({ className, main, other }: { className: string; main: ActionLink; other: ActionLink }) {
  return (
    <div className={className}>
      <a href={main.href} className="button button-accent">
        {main.label}
      </a>
      <a href={other.href} className="button button-ghost">
        {other.label}
      </a>
    </div>
  );
}
