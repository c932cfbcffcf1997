import type { Db } from '../../db/database.ts';
import { readSettingsDocument, writeSettingsDocument } from '../../db/queries/site-settings.ts';
import { type Role, ROLE_TEXT, can } from '../../shared/roles.ts';
import { SignInPolicySchema } from '../../shared/schemas/staff.ts';
import { DEFAULT_SIGN_IN_POLICY, type SignInPolicy } from '../../shared/staff.ts';
import { type Actor, withAudit } from '../audit/audit-log.ts';

/** The settings document the policy is stored under (site_settings, beside the company details). */
const POLICY_KEY = 'sign-in-policy';

/**
 * Who must use two-step sign-in (docs/product.md#roles): everyone when REQUIRE_2FA is set, or, once the Owner turns
 * it on, everyone whose role sees leads. Off until turned on, so the first-run sign-in stays e-mail and password.
 */
export interface SignInPolicyService {
  current(): Promise<SignInPolicy>;
  save(actor: Actor, policy: SignInPolicy): Promise<SignInPolicy>;
  /** Whether a person of `role` must have a second factor (an authenticator app or a passkey) to use the admin. */
  twoStepRequired(role: Role): Promise<boolean>;
}

export function createSignInPolicy(db: Db, requireForEveryone: boolean): SignInPolicyService {
  async function current(from: Db = db): Promise<SignInPolicy> {
    const parsed = SignInPolicySchema.safeParse(await readSettingsDocument(from, POLICY_KEY));
    return parsed.success ? parsed.data : DEFAULT_SIGN_IN_POLICY;
  }
  return {
    current: () => current(),
    async save(actor, policy) {
      await withAudit(
        db,
        actor,
        'settings.sign_in_policy',
        async (trx) => {
          const before = await current(trx);
          await writeSettingsDocument(trx, POLICY_KEY, policy, new Date().toISOString());
          return before;
        },
        (before) => ROLE_TEXT.policyChange(before.twoStepForLeads, policy.twoStepForLeads),
      );
      return policy;
    },
    async twoStepRequired(role) {
      if (requireForEveryone) return true;
      return can(role, 'leads.view') && (await current()).twoStepForLeads;
    },
  };
}
