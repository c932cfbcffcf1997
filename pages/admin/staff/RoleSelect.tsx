import { useState } from 'react';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { STAFF_TEXTS } from '../../../shared/admin-texts.ts';
import { ASSIGNABLE_ROLES, type AssignableRole, DEFAULT_ROLE, ROLE_TEXT } from '../../../shared/roles.ts';

/** "Role": the roles staff can give, with what the chosen one may do read out with the field. */
export function RoleSelect({ id, initial = DEFAULT_ROLE, error }: { id: string; initial?: AssignableRole; error?: string | undefined }) {
  const [role, setRole] = useState<AssignableRole>(initial);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{STAFF_TEXTS.role}</label>
      <select
        id={id}
        name="role"
        value={role}
        onChange={(e) => setRole(e.target.value as AssignableRole)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-summary`, errorId].filter(Boolean).join(' ')}
      >
        {ASSIGNABLE_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_TEXT.names[r]}
          </option>
        ))}
      </select>
      <p id={`${id}-summary`} className="hint">
        {ROLE_TEXT.summaries[role]}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
