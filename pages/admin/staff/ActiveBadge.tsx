import { STAFF_TEXTS } from '../../../shared/admin-texts.ts';

/** Whether a staff account may sign in, as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={active ? 'badge badge-active' : 'badge badge-inactive'}>{active ? STAFF_TEXTS.active : STAFF_TEXTS.inactive}</span>
  );
}
