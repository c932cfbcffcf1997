import { LEAD_WORK_MESSAGES } from '../../../shared/lead-work-messages.ts';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../components/request.ts';
import { SwitchCard } from '../ui/SwitchCard.tsx';

/** The morning e-mail of one's follow-ups due, opt-in (docs/product.md#lead-work), like the weekly summary. */
export function FollowUpEmail({ chosen }: { chosen: boolean }) {
  const { csrfToken } = usePageContext();
  const T = LEAD_WORK_MESSAGES.followUpEmail;
  return (
    <SwitchCard
      id="follow-up-email"
      heading={T.heading}
      label={T.label}
      hint={T.hint}
      saveLabel={T.save}
      initial={chosen}
      save={(enabled) => adminApi('PUT', '/api/admin/account/follow-up-email', csrfToken, { enabled })}
    />
  );
}
