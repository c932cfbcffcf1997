/** A form's submit button: while the form is being sent it is disabled and says so (`busyLabel`). */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
