import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type CaptchaHandle, CaptchaProblem, CaptchaWidget } from '../../components/CaptchaWidget.tsx';
import { CallableError, callFunction, withoutEmpty } from '../../components/form/callable.ts';
import { type FormState, FormStatus } from '../../components/form/FormStatus.tsx';
import { Honeypot } from '../../components/form/Honeypot.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextArea } from '../../components/form/TextArea.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { focusFirstError } from '../../components/form/focus.ts';
import { FIELD_MESSAGES, MESSAGES, captchaWarning } from '../../shared/messages.ts';
import { OTHER_SERVICE, OTHER_SERVICE_LABEL } from '../../shared/options.ts';
import type { PublicCaptchaConfig } from '../../shared/page-context.ts';
import { ContactFieldsSchema } from '../../shared/schemas/contact.ts';
import { type FieldErrors, fieldErrors } from '../../shared/schemas/fields.ts';
import { SERVICES } from '../../shared/services.ts';

const FIELDS = ['name', 'email', 'company', 'service', 'message'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const EMPTY: Values = { name: '', email: '', company: '', service: '', message: '' };
const SERVICE_OPTIONS = [...SERVICES.map((s) => ({ value: s.id, label: s.name })), { value: OTHER_SERVICE, label: OTHER_SERVICE_LABEL }];

/** SPEC.md §5 contact form: checked in the browser with the server's own schema, then sent once. */
export function ContactForm({ captcha }: { captcha: PublicCaptchaConfig }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<FormState>('idle');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const startedAt = useRef('');

  useEffect(() => {
    startedAt.current = new Date().toISOString();
  }, []);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setState('error');
    setMessage(FIELD_MESSAGES.fixErrors);
    focusFirstError(form.current, FIELDS, found);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state === 'submitting') return;
    const fields = withoutEmpty(values);
    const checked = ContactFieldsSchema.safeParse(fields);
    if (!checked.success) return showErrors(fieldErrors(checked.error));
    setErrors({});
    setState('submitting');
    setMessage(FIELD_MESSAGES.submitting);
    let token: string;
    try {
      token = await captchaRef.current!.getToken();
    } catch (err) {
      setState('warning');
      setMessage(captchaWarning(err instanceof CaptchaProblem ? err.kind : 'notLoaded', captcha.provider));
      return;
    }
    try {
      await callFunction('submitContact', {
        ...fields,
        'g-recaptcha-response': token,
        submittedAt: new Date().toISOString(),
        startedAt: startedAt.current,
        website: honeypot,
      });
      setValues(EMPTY);
      setState('success');
      setMessage(MESSAGES.contactSuccess);
      startedAt.current = new Date().toISOString();
    } catch (err) {
      if (err instanceof CallableError && Object.keys(err.fields).length) return showErrors(err.fields);
      // A refused spam check (403) needs a fresh check, not a different message.
      if (err instanceof CallableError && err.status === 403) {
        setState('warning');
        setMessage(captchaWarning('empty', captcha.provider));
        return;
      }
      setState('error');
      setMessage(err instanceof CallableError && err.status === 429 ? FIELD_MESSAGES.rateLimited : MESSAGES.contactError);
    } finally {
      captchaRef.current?.reset();
    }
  }

  return (
    <form ref={form} className="form card" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <p className="form-intro">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="form-grid">
        <TextField name="name" label="Full Name" autoComplete="name" required maxLength={100} value={values.name} onValueChange={set('name')} error={errors.name} />
        <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={254} value={values.email} onValueChange={set('email')} error={errors.email} />
        <TextField name="company" label="Company" autoComplete="organization" maxLength={200} value={values.company} onValueChange={set('company')} error={errors.company} />
        <SelectField name="service" label="Service" options={SERVICE_OPTIONS} placeholder="Choose a service…" value={values.service} onValueChange={set('service')} error={errors.service} />
      </div>
      <TextArea name="message" label="Message" required maxLength={5000} value={values.message} onValueChange={set('message')} error={errors.message} />
      <Honeypot value={honeypot} onValueChange={setHoneypot} />
      <CaptchaWidget config={captcha} action="contact_form" handle={captchaRef} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={state === 'submitting' || undefined}>
          {state === 'submitting' ? 'Sending…' : 'Send message'}
        </button>
      </div>
      <FormStatus state={state} message={message} />
    </form>
  );
}
