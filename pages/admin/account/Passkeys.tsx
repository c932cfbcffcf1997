import { type FormEvent, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ACCOUNT_TEXT, ADMIN_MESSAGES, ADMIN_TEXT, PASSKEY_TEXT } from '../../../shared/admin-texts.ts';
import { PASSKEY_NAME_MAX, type PasskeyInfo, defaultPasskeyName } from '../../../shared/passkeys.ts';
import { RequestError, adminApi } from '../../../components/request.ts';
import { useIsHydrated } from '../../../components/use-is-hydrated.ts';
import { AdminInput } from '../ui/AdminInput.tsx';
import { RecentPasswordInput, focusFirst, useRecentPassword } from './RecentPassword.tsx';
import { NoticeBox, formBody } from '../ui/Notice.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { formatDateTime } from '../ui/format.ts';
import { addPasskey, passkeyProblem } from '../ui/passkeys.ts';
import { useFormRequest } from '../ui/use-form-request.ts';
import { TitledSection } from '../ui/TitledSection.tsx';

type Answer = { message: string; passkeys: PasskeyInfo[] };

/**
 * The account page's passkeys (docs/product.md#passkeys): each with when it was added and last used, renamed or
 * removed in place; a new one is named, then made by the browser. Outcomes are announced in the section's notice.
 * `hasTotp`: the authenticator app is on, so no passkey is the last way of two-factor sign-in.
 */
export function Passkeys({
  passkeys,
  onChange,
  hasTotp,
  twoFactorRequired,
}: {
  passkeys: PasskeyInfo[];
  onChange: (passkeys: PasskeyInfo[]) => void;
  hasTotp: boolean;
  twoFactorRequired: boolean;
}) {
  const { csrfToken } = usePageContext();
  const hydrated = useIsHydrated();
  const request = useFormRequest();
  const [editing, setEditing] = useState<{ id: string; action: 'rename' | 'remove' } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Read in the browser only: the form shows once scripts run, so the server's render never differs from it.
  const [name, setName] = useState(() => (typeof navigator === 'undefined' ? '' : defaultPasskeyName(navigator.userAgent)));
  const recent = useRecentPassword();

  /** Runs a change; its answer replaces the list, and its message is announced with focus on it. */
  function change(work: () => Promise<Answer>) {
    return request.run(async () => {
      const answer = await work();
      onChange(answer.passkeys);
      setEditing(null);
      request.setNotice({ kind: 'success', text: answer.message });
      requestAnimationFrame(() => noticeRef.current?.focus());
    });
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { password = '' } = formBody(event);
    void request.run(async () => {
      try {
        const answer = await recent.sending(() => addPasskey(csrfToken, name, password));
        onChange(answer.passkeys);
        setName(defaultPasskeyName(navigator.userAgent));
        request.setNotice({ kind: 'success', text: answer.message });
      } catch (err) {
        // The request hook shows the server's refusal with its field errors; the browser's own problems in words.
        if (err instanceof RequestError) throw err;
        const problem = passkeyProblem(err);
        if (problem) throw new Error(problem, { cause: err });
      }
    });
  }

  return (
    <TitledSection id="passkeys" heading={PASSKEY_TEXT.heading} className="admin-card">
      <p>{PASSKEY_TEXT.intro}</p>
      <NoticeBox notice={request.notice} ref={noticeRef}>
        {request.notice?.kind === 'success' && twoFactorRequired && passkeys.length > 0 && (
          <>
            {' '}
            <a href="/admin/dashboard">{ACCOUNT_TEXT.toDashboard}</a>
          </>
        )}
      </NoticeBox>
      {passkeys.length === 0 ? (
        <p>{PASSKEY_TEXT.none}</p>
      ) : (
        <ul className="passkey-list" aria-label={PASSKEY_TEXT.caption}>
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              editing={editing?.id === passkey.id ? editing.action : null}
              onEdit={(action) => setEditing(action && { id: passkey.id, action })}
              isLast={!hasTotp && passkeys.length === 1}
              errors={request.errors}
              busy={request.busy}
              onRename={(body) =>
                change(() => adminApi('PATCH', `/api/admin/account/passkeys/${encodeURIComponent(passkey.id)}`, csrfToken, body))
              }
              onRemove={(body) =>
                change(() => adminApi('POST', `/api/admin/account/passkeys/${encodeURIComponent(passkey.id)}/remove`, csrfToken, body))
              }
            />
          ))}
        </ul>
      )}
      {hydrated &&
        (browserSupportsWebAuthn() ? (
          <form onSubmit={add} noValidate>
            <AdminInput
              id="passkey-name"
              label={PASSKEY_TEXT.newName}
              name="name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={PASSKEY_NAME_MAX}
              error={editing ? undefined : request.errors.name}
            />
            <RecentPasswordInput id="passkey-password" asked={recent.asked} error={editing ? undefined : request.errors.password} />
            <SubmitButton busy={request.busy} label={PASSKEY_TEXT.add} busyLabel={PASSKEY_TEXT.adding} />
          </form>
        ) : (
          <p className="hint">{ADMIN_MESSAGES.passkeyUnsupported}</p>
        ))}
    </TitledSection>
  );
}

function PasskeyItem({
  passkey,
  editing,
  onEdit,
  isLast,
  errors,
  busy,
  onRename,
  onRemove,
}: {
  passkey: PasskeyInfo;
  editing: 'rename' | 'remove' | null;
  onEdit: (action: 'rename' | 'remove' | null) => void;
  isLast: boolean;
  errors: Record<string, string>;
  busy: boolean;
  onRename: (body: Record<string, string>) => Promise<void>;
  onRemove: (body: Record<string, string>) => Promise<void>;
}) {
  const { timeZone } = usePageContext();
  const idPrefix = `passkey-${passkey.id}`;
  return (
    <li>
      <div className="passkey-facts">
        <strong className="wrap">{passkey.name}</strong>
        <span className="muted small">
          {PASSKEY_TEXT.added} {formatDateTime(passkey.createdAt, timeZone)} ·{' '}
          {passkey.lastUsedAt ? `${PASSKEY_TEXT.lastUsed} ${formatDateTime(passkey.lastUsedAt, timeZone)}` : PASSKEY_TEXT.notUsed}
        </span>
      </div>
      {editing === 'rename' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void onRename(formBody(e));
          }}
        >
          <AdminInput
            id={`${idPrefix}-name`}
            ref={focusFirst}
            label={PASSKEY_TEXT.renameLabel(passkey.name)}
            name="name"
            defaultValue={passkey.name}
            maxLength={PASSKEY_NAME_MAX}
            error={errors.name}
          />
          <div className="button-row">
            <SubmitButton busy={busy} label={PASSKEY_TEXT.save} busyLabel={PASSKEY_TEXT.saving} />
            <button type="button" className="button button-ghost-dark" onClick={() => onEdit(null)}>
              {ADMIN_TEXT.cancel}
            </button>
          </div>
        </form>
      ) : editing === 'remove' ? (
        <form
          className="confirm"
          aria-labelledby={`${idPrefix}-question`}
          onSubmit={(e) => {
            e.preventDefault();
            void onRemove(formBody(e));
          }}
        >
          <p id={`${idPrefix}-question`} ref={isLast ? undefined : focusFirst} tabIndex={-1}>
            {isLast ? ADMIN_MESSAGES.passkeyPasswordNeeded : PASSKEY_TEXT.removeQuestion(passkey.name)}
          </p>
          {(isLast || errors.password) && (
            <AdminInput
              id={`${idPrefix}-password`}
              ref={focusFirst}
              label={ACCOUNT_TEXT.yourPassword}
              name="password"
              type="password"
              autoComplete="current-password"
              error={errors.password}
            />
          )}
          <button type="submit" className="button button-danger" disabled={busy}>
            {PASSKEY_TEXT.removeConfirm}
          </button>
          <button type="button" className="button button-ghost-dark" onClick={() => onEdit(null)}>
            {ADMIN_TEXT.cancel}
          </button>
        </form>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button button-small"
            onClick={() => onEdit('rename')}
            aria-label={`${PASSKEY_TEXT.rename} ${passkey.name}`}
          >
            {PASSKEY_TEXT.rename}
          </button>
          <button
            type="button"
            className="button button-danger-ghost"
            onClick={() => onEdit('remove')}
            aria-label={`${PASSKEY_TEXT.remove} ${passkey.name}`}
          >
            {PASSKEY_TEXT.remove}
          </button>
        </div>
      )}
    </li>
  );
}
