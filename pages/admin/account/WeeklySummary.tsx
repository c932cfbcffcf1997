import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../components/request.ts';
import { ANALYTICS_TEXT as T } from '../../../shared/analytics.ts';
import { SwitchCard } from '../ui/SwitchCard.tsx';

/** The weekly analytics e-mail, opt-in (docs/product.md#analytics): off until the person turns it on. */
export function WeeklySummary({ chosen }: { chosen: boolean }) {
  const { csrfToken } = usePageContext();
  return (
    <SwitchCard
      id="weekly-summary"
      heading={T.weeklyHeading}
      label={T.weeklyLabel}
      hint={T.weeklyHint}
      saveLabel={T.weeklySave}
      initial={chosen}
      save={(enabled) => adminApi('PUT', '/api/admin/account/weekly-summary', csrfToken, { enabled })}
    />
  );
}
