import { type FormEvent, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { focusFirstError } from '../../../components/form/focus.ts';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { AU_REGIONS, SETTINGS_LIMITS, type SiteSettings } from '../../../shared/company.ts';
import { AdminShell } from '../ui/AdminShell.tsx';

type Notice = { kind: 'success' | 'error'; text: string } | null;
type Errors = Record<string, string>;

/** The form's fields in page order, named by their path in the settings (what the server's messages are keyed by). */
function fieldOrder(form: SiteSettings): string[] {
  return [
    'name',
    'legalName',
    'email',
    'phone',
    'abn',
    'address.street',
    'address.locality',
    'address.region',
    'address.postcode',
    'social',
    ...form.social.flatMap((_, i) => [`social.${i}.name`, `social.${i}.url`]),
    'stats',
    ...form.stats.flatMap((_, i) => [`stats.${i}.value`, `stats.${i}.label`]),
  ];
}

/** One labelled input; its name is its path in the settings, its id derived from it. */
function Input({
  path,
  label,
  value,
  errors,
  onChange,
  hint,
  ...input
}: {
  path: string;
  label: string;
  value: string;
  errors: Errors;
  onChange: (value: string) => void;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric' | 'url' | 'email';
}) {
  const id = `settings-${path.replace(/\./g, '-')}`;
  const error = errors[path];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={path}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The site settings (company details, social links, the home page's figures). Checked by the server, which
 * answers each refused field's message; what was typed stays in the form until it is saved.
 */
export default function SettingsPage() {
  const { csrfToken, settings } = usePageContext();
  const [form, setForm] = useState<SiteSettings>(settings);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const set = (change: (draft: SiteSettings) => SiteSettings) => setForm((current) => change(current));
  const setAddress = (key: keyof SiteSettings['address']) => (value: string) =>
    set((f) => ({ ...f, address: { ...f.address, [key]: value as SiteSettings['address']['region'] } }));
  const setRow = <K extends 'social' | 'stats'>(list: K, index: number, key: keyof SiteSettings[K][number]) => (value: string) =>
    set((f) => ({ ...f, [list]: f[list].map((row, i) => (i === index ? { ...row, [key]: value } : row)) }));
  const removeRow = (list: 'social' | 'stats', index: number) => set((f) => ({ ...f, [list]: f[list].filter((_, i) => i !== index) }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      const res = await adminApi<{ message: string; settings: SiteSettings }>('PUT', '/api/admin/settings', csrfToken, form);
      setForm(res.settings);
      setErrors({});
      setNotice({ kind: 'success', text: res.message });
      noticeRef.current?.focus();
    } catch (err) {
      const fields = err instanceof RequestError ? err.fields : {};
      setErrors(fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
      // The first refused field takes focus; a refusal that names no field leaves it on the notice.
      if (Object.keys(fields).length) requestAnimationFrame(() => focusFirstError(formRef.current, fieldOrder(form), fields));
      else noticeRef.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  return (
    <AdminShell title="Site settings">
      <div
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.kind === 'error' ? 'alert' : 'status'}
        className={notice ? `notice notice-${notice.kind}` : undefined}
      >
        {notice?.text}
      </div>
      <form ref={formRef} onSubmit={save} noValidate className="admin-card settings-form">
        <p className="hint">What every page, e-mail and feed shows about the company. A save shows on the site at once.</p>
        <fieldset>
          <legend>Company</legend>
          <div className="settings-grid">
            <Input path="name" label="Company name" value={form.name} errors={errors} onChange={(name) => set((f) => ({ ...f, name }))} autoComplete="organization" />
            <Input path="legalName" label="Legal name" value={form.legalName} errors={errors} onChange={(legalName) => set((f) => ({ ...f, legalName }))} hint="Shown beside the ABN at the foot of every page." />
            <Input path="email" label="Email" type="email" inputMode="email" value={form.email} errors={errors} onChange={(email) => set((f) => ({ ...f, email }))} autoComplete="email" />
            <Input path="phone" label="Phone" type="tel" inputMode="tel" value={form.phone} errors={errors} onChange={(phone) => set((f) => ({ ...f, phone }))} hint="An Australian number, like 02 8005 0142 or 1300 123 456." />
            <Input path="abn" label="ABN" inputMode="numeric" value={form.abn} errors={errors} onChange={(abn) => set((f) => ({ ...f, abn }))} hint="11 digits; spaces are fine." />
          </div>
        </fieldset>
        <fieldset>
          <legend>Address</legend>
          <div className="settings-grid">
            <Input path="address.street" label="Street address" value={form.address.street} errors={errors} onChange={setAddress('street')} autoComplete="street-address" />
            <Input path="address.locality" label="Suburb" value={form.address.locality} errors={errors} onChange={setAddress('locality')} autoComplete="address-level2" />
            <div className="field">
              <label htmlFor="settings-address-region">State or territory</label>
              <select
                id="settings-address-region"
                name="address.region"
                value={form.address.region}
                onChange={(e) => setAddress('region')(e.target.value)}
                aria-invalid={errors['address.region'] ? true : undefined}
                aria-describedby={errors['address.region'] ? 'settings-address-region-error' : undefined}
              >
                {AU_REGIONS.map((region) => (
                  <option key={region} value={region}>
                    {region}
                  </option>
                ))}
              </select>
              <FieldError id="settings-address-region-error" message={errors['address.region']} />
            </div>
            <Input path="address.postcode" label="Postcode" inputMode="numeric" value={form.address.postcode} errors={errors} onChange={setAddress('postcode')} autoComplete="postal-code" />
          </div>
        </fieldset>
        <fieldset aria-describedby={errors.social ? 'settings-social-error' : undefined}>
          <legend>Social links</legend>
          <FieldError id="settings-social-error" message={errors.social} />
          {form.social.map((link, i) => (
            <div className="settings-row" key={i} role="group" aria-label={`Link ${i + 1}`}>
              <Input path={`social.${i}.name`} label="Network" value={link.name} errors={errors} onChange={setRow('social', i, 'name')} />
              <Input path={`social.${i}.url`} label="Page address" type="url" inputMode="url" value={link.url} errors={errors} onChange={setRow('social', i, 'url')} />
              <button type="button" className="button button-danger-ghost" onClick={() => removeRow('social', i)} aria-label={`Remove link ${i + 1}${link.name ? ` (${link.name})` : ''}`}>
                Remove
              </button>
            </div>
          ))}
          {form.social.length < SETTINGS_LIMITS.social && (
            <button type="button" className="button button-small" onClick={() => set((f) => ({ ...f, social: [...f.social, { name: '', url: 'https://' }] }))}>
              Add a link
            </button>
          )}
        </fieldset>
        <fieldset aria-describedby={errors.stats ? 'settings-stats-error' : undefined}>
          <legend>Home page figures</legend>
          <FieldError id="settings-stats-error" message={errors.stats} />
          {form.stats.map((stat, i) => (
            <div className="settings-row" key={i} role="group" aria-label={`Figure ${i + 1}`}>
              <Input path={`stats.${i}.value`} label="Figure" value={stat.value} errors={errors} onChange={setRow('stats', i, 'value')} />
              <Input path={`stats.${i}.label`} label="Label" value={stat.label} errors={errors} onChange={setRow('stats', i, 'label')} />
              {form.stats.length > SETTINGS_LIMITS.statsMin && (
                <button type="button" className="button button-danger-ghost" onClick={() => removeRow('stats', i)} aria-label={`Remove figure ${i + 1}${stat.label ? ` (${stat.label})` : ''}`}>
                  Remove
                </button>
              )}
            </div>
          ))}
          {form.stats.length < SETTINGS_LIMITS.stats && (
            <button type="button" className="button button-small" onClick={() => set((f) => ({ ...f, stats: [...f.stats, { value: '', label: '' }] }))}>
              Add a figure
            </button>
          )}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </form>
    </AdminShell>
  );
}
