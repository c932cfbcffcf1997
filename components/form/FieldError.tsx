/**
 * A field's error, beside it; the control points at it with `aria-describedby`. A message of several lines (a
 * file's problems, one a line) is shown as a list, each line an item.
 */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  const lines = message.split('\n');
  return (
    <div id={id} className="field-error">
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.2M8 11.2v.1" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      {lines.length > 1 ? (
        <ul>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <span>{message}</span>
      )}
    </div>
  );
}
