import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { type FormEvent, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { focusFirstError } from '../../../components/form/focus.ts';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { AU_REGIONS, SETTINGS_LIMITS, type SiteSettings } from '../../../shared/company.ts';
import { ADMIN_TEXT, SETTINGS_TEXT } from '../../../shared/admin-texts.ts';
import { type AdminInputProps, AdminInput } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { EXPORT_TEXT } from '../../../shared/redirect-messages.ts';
import { type Notice, NoticeBox } from '../ui/Notice.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { LOOK_FIELDS, LookFields } from './LookFields.tsx';
import { TitledSection } from '../ui/TitledSection.tsx';

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
    ...LOOK_FIELDS,
  ];
}

/** One labelled input; its name is its path in the settings, its id derived from it. */
function Input({
  path,
  errors,
  onChange,
  ...input
}: { path: string; value: string; errors: Errors; onChange: (value: string) => void } & Omit<
  AdminInputProps,
  'id' | 'name' | 'value' | 'error' | 'onChange'
>) {
  return (
    <AdminInput
      {...input}
      id={`settings-${path.replace(/\./g, '-')}`}
      name={path}
      required={false}
      error={errors[path]}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

type RowList = 'social' | 'stats';
type RowOf<L extends RowList> = SiteSettings[L][number];

interface RowListSpec<L extends RowList> {
  legend: string;
  /** What one row is: "Link" makes "Link 1", "Remove link 1 (Facebook)" and "Add a link". */
  noun: string;
  fields: ReadonlyArray<{ key: keyof RowOf<L> & string; label: string; type?: string; inputMode?: 'url' }>;
  /** The field whose value names the row in its remove button's label, once typed. */
  nameKey: keyof RowOf<L> & string;
  blank: RowOf<L>;
  min: number;
  max: number;
}

/** The settings' lists: each row's inputs, what a new row holds, and how few and how many rows there may be. */
const ROW_LISTS: { [L in RowList]: RowListSpec<L> } = {
  social: {
    legend: SETTINGS_TEXT.social.legend,
    noun: SETTINGS_TEXT.social.noun,
    fields: [
      { key: 'name', label: SETTINGS_TEXT.social.name },
      { key: 'url', label: SETTINGS_TEXT.social.url, type: 'url', inputMode: 'url' },
    ],
    nameKey: 'name',
    blank: { name: '', url: 'https://' },
    min: 0,
    max: SETTINGS_LIMITS.social,
  },
  stats: {
    legend: SETTINGS_TEXT.stats.legend,
    noun: SETTINGS_TEXT.stats.noun,
    fields: [
      { key: 'value', label: SETTINGS_TEXT.stats.noun },
      { key: 'label', label: SETTINGS_TEXT.stats.label },
    ],
    nameKey: 'label',
    blank: { value: '', label: '' },
    min: SETTINGS_LIMITS.statsMin,
    max: SETTINGS_LIMITS.stats,
  },
};

/**
 * One of the lists as a fieldset: each row a group named by its number, with a button that removes it while the
 * list has more than its minimum, and a button that adds a row while it has room.
 */
function RowsFieldset<L extends RowList>({
  list,
  rows,
  errors,
  onChange,
}: {
  list: L;
  rows: ReadonlyArray<RowOf<L>>;
  errors: Errors;
  onChange: (change: (rows: Array<RowOf<L>>) => Array<RowOf<L>>) => void;
}) {
  const spec: RowListSpec<L> = ROW_LISTS[list];
  const errorId = `settings-${list}-error`;
  return (
    <fieldset aria-describedby={errors[list] ? errorId : undefined}>
      <legend>{spec.legend}</legend>
      <FieldError id={errorId} message={errors[list]} />
      {rows.map((row, i) => {
        const name = String(row[spec.nameKey]);
        return (
          <div className="settings-row" key={i} role="group" aria-label={SETTINGS_TEXT.row(spec.noun, i + 1)}>
            {spec.fields.map(({ key, ...input }) => (
              <Input
                key={key}
                path={`${list}.${i}.${key}`}
                {...input}
                value={String(row[key])}
                errors={errors}
                onChange={(value) => onChange((current) => current.map((r, j) => (j === i ? { ...r, [key]: value } : r)))}
              />
            ))}
            {rows.length > spec.min && (
              <button
                type="button"
                className="button button-danger-ghost"
                onClick={() => onChange((current) => current.filter((_, j) => j !== i))}
                aria-label={SETTINGS_TEXT.removeRow(spec.noun, i + 1, name)}
              >
                {SETTINGS_TEXT.remove}
              </button>
            )}
          </div>
        );
      })}
      {rows.length < spec.max && (
        <button type="button" className="button button-small" onClick={() => onChange((current) => [...current, spec.blank])}>
          {SETTINGS_TEXT.addRow(spec.noun)}
        </button>
      )}
    </fieldset>
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
    <AdminShell title={SETTINGS_TEXT.title}>
      <NoticeBox ref={noticeRef} notice={notice} />
      <ScriptedForm ref={formRef} onSubmit={save} noValidate className="admin-card settings-form">
        <p className="hint">{SETTINGS_TEXT.intro}</p>
        <fieldset>
          <legend>{SETTINGS_TEXT.company}</legend>
          <div className="settings-grid">
            <Input
              path="name"
              label={SETTINGS_TEXT.name}
              value={form.name}
              errors={errors}
              onChange={(name) => set((f) => ({ ...f, name }))}
              autoComplete="organization"
            />
            <Input
              path="legalName"
              label={SETTINGS_TEXT.legalName}
              value={form.legalName}
              errors={errors}
              onChange={(legalName) => set((f) => ({ ...f, legalName }))}
              hint={SETTINGS_TEXT.legalNameHint}
            />
            <Input
              path="email"
              label={SETTINGS_TEXT.email}
              type="email"
              inputMode="email"
              value={form.email}
              errors={errors}
              onChange={(email) => set((f) => ({ ...f, email }))}
              autoComplete="email"
            />
            <Input
              path="phone"
              label={SETTINGS_TEXT.phone}
              type="tel"
              inputMode="tel"
              value={form.phone}
              errors={errors}
              onChange={(phone) => set((f) => ({ ...f, phone }))}
              hint={SETTINGS_TEXT.phoneHint}
            />
            <Input
              path="abn"
              label={SETTINGS_TEXT.abn}
              inputMode="numeric"
              value={form.abn}
              errors={errors}
              onChange={(abn) => set((f) => ({ ...f, abn }))}
              hint={SETTINGS_TEXT.abnHint}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>{SETTINGS_TEXT.address}</legend>
          <div className="settings-grid">
            <Input
              path="address.street"
              label={SETTINGS_TEXT.street}
              value={form.address.street}
              errors={errors}
              onChange={setAddress('street')}
              autoComplete="street-address"
            />
            <Input
              path="address.locality"
              label={SETTINGS_TEXT.locality}
              value={form.address.locality}
              errors={errors}
              onChange={setAddress('locality')}
              autoComplete="address-level2"
            />
            <div className="field">
              <label htmlFor="settings-address-region">{SETTINGS_TEXT.region}</label>
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
            <Input
              path="address.postcode"
              label={SETTINGS_TEXT.postcode}
              inputMode="numeric"
              value={form.address.postcode}
              errors={errors}
              onChange={setAddress('postcode')}
              autoComplete="postal-code"
            />
          </div>
        </fieldset>
        <RowsFieldset
          list="social"
          rows={form.social}
          errors={errors}
          onChange={(change) => set((f) => ({ ...f, social: change(f.social) }))}
        />
        <RowsFieldset
          list="stats"
          rows={form.stats}
          errors={errors}
          onChange={(change) => set((f) => ({ ...f, stats: change(f.stats) }))}
        />
        <LookFields form={form} companyName={form.name} errors={errors} onChange={(patch) => set((f) => ({ ...f, ...patch }))} />
        <SubmitButton busy={saving} label={SETTINGS_TEXT.save} busyLabel={ADMIN_TEXT.saving} />
      </ScriptedForm>
      <TitledSection id="site-export" heading={EXPORT_TEXT.heading} className="admin-card">
        <p className="muted">{EXPORT_TEXT.intro}</p>
        {/* A POST with the CSRF token: a link on another site cannot start an (audited) export. */}
        <form method="post" action="/admin/export.zip">
          <input type="hidden" name="_csrf" value={csrfToken ?? ''} />
          <button type="submit" className="button button-small button-ghost-dark">
            {EXPORT_TEXT.button}
          </button>
        </form>
      </TitledSection>
    </AdminShell>
  );
}
