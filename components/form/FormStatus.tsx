export type FormState = 'idle' | 'submitting' | 'success' | 'error' | 'warning';

/**
 * The form's status line. Both live regions are always in the page, so a change of text is announced:
 * progress and success politely (`role="status"`), errors and warnings at once (`role="alert"`).
 */
export function FormStatus({ state, message }: { state: FormState; message: string }) {
  const isProblem = state === 'error' || state === 'warning';
  return (
    <div className="form-status-area">
      <div role="status" className={!isProblem && message ? `form-status form-status-${state}` : 'form-status-empty'}>
        {!isProblem ? message : ''}
      </div>
      <div role="alert" className={isProblem && message ? `form-status form-status-${state}` : 'form-status-empty'}>
        {isProblem ? message : ''}
      </div>
    </div>
  );
}
