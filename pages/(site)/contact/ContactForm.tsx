import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type CaptchaHandle, CaptchaWidget } from '../../../components/CaptchaWidget.tsx';
import { type FormState, FormStatus } from '../../../components/form/FormStatus.tsx';
import { Honeypot } from '../../../components/form/Honeypot.tsx';
import { LeadFields } from '../../../components/form/LeadFields.tsx';
import { ScriptRequired } from '../../../components/form/ScriptRequired.tsx';
import { type SentItem, SuccessPanel } from '../../../components/form/SuccessPanel.tsx';
import { focusFirstError } from '../../../components/form/focus.ts';
import { useSubmissionKey } from '../../../components/form/submission-key.ts';
import { typedBeforeHydration } from '../../../components/form/typed-before-hydration.ts';
import { submitLead } from '../../../components/form/submit-lead.ts';
import { CONTACT_FIELDS, fieldLines } from '../../../shared/lead-fields.ts';
import { CONTACT_TEXT, FIELD_MESSAGES, FORM_TEXT, MESSAGES } from '../../../shared/messages.ts';
import type { PublicCaptchaConfig } from '../../../shared/page-context.ts';
import { ContactFieldsSchema } from '../../../shared/schemas/contact.ts';
import { type FieldErrors, fieldErrors } from '../../../shared/schemas/fields.ts';

const FIELDS = CONTACT_FIELDS.map((f) => f.name);
type Values = Record<string, string>;
const EMPTY: Values = Object.fromEntries(FIELDS.map((name) => [name, '']));
/** The confirmation quotes the message back, cut to a few lines. */
const MESSAGE_SHOWN = 280;

/** What the confirmation panel lists as sent: the fields the visitor filled in, under the form's labels. */
function sentSummary(values: Values): SentItem[] {
  const message = values.message!.length > MESSAGE_SHOWN ? `${values.message!.slice(0, MESSAGE_SHOWN).trimEnd()}…` : values.message;
  return fieldLines(CONTACT_FIELDS, (f) => (f.name === 'message' ? message : values[f.name]));
}

/** The contact form (docs/product.md#contact): checked in the browser with the server's own schema, then sent once. */
export function ContactForm({ captcha, wasPostedWithoutScript }: { captcha: PublicCaptchaConfig; wasPostedWithoutScript: boolean }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<FormState>('idle');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const startedAt = useRef('');
  const submission = useSubmissionKey();
  const [sent, setSent] = useState<SentItem[] | null>(null);
  const refocus = useRef(false);

  // "Send another" brings the form back; the first field gets focus in the frame it reappears.
  useLayoutEffect(() => {
    if (sent || !refocus.current) return;
    refocus.current = false;
    form.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
  }, [sent]);

  useEffect(() => {
    startedAt.current = new Date().toISOString();
    const typed = typedBeforeHydration(form.current).filter(([name]) => name in EMPTY);
    if (typed.length) setValues((v) => ({ ...v, ...Object.fromEntries(typed) }));
  }, []);

  const set = (field: string, value: string) => {
    submission.renew();
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
    const checked = ContactFieldsSchema.safeParse(values);
    if (!checked.success) return showErrors(fieldErrors(checked.error));
    setErrors({});
    setState('submitting');
    setMessage(FIELD_MESSAGES.submitting);
    const outcome = await submitLead({
      name: 'submitContact',
      data: { ...values, startedAt: startedAt.current, website: honeypot },
      captcha: captchaRef.current,
      provider: captcha.provider,
      idempotencyKey: submission.get(),
      failure: MESSAGES.contactError,
    });
    if (outcome.kind === 'fields') return showErrors(outcome.fields);
    if (outcome.kind !== 'success') {
      setState(outcome.kind);
      setMessage(outcome.message);
      return;
    }
    submission.renew();
    setSent(sentSummary(values));
    setValues(EMPTY);
    setState('idle');
    setMessage('');
    startedAt.current = new Date().toISOString();
  }

  if (sent) {
    return (
      <SuccessPanel
        title={CONTACT_TEXT.sentHeading}
        message={MESSAGES.contactSuccess}
        sent={sent}
        next={CONTACT_TEXT.sentNext}
        onAgain={() => {
          refocus.current = true;
          setSent(null);
        }}
      />
    );
  }

  return (
    <form
      ref={form}
      className="form card"
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{CONTACT_TEXT.formHeading}</h2>
      <ScriptRequired wasPosted={wasPostedWithoutScript} />
      <p className="form-intro">
        {FORM_TEXT.requiredNote.before} <span aria-hidden="true">*</span>
        <span className="visually-hidden">{FORM_TEXT.requiredNote.marker}</span> {FORM_TEXT.requiredNote.after}
      </p>
      <LeadFields fields={CONTACT_FIELDS} values={values} errors={errors} onValueChange={set} />
      <Honeypot value={honeypot} onValueChange={setHoneypot} />
      <CaptchaWidget config={captcha} action="contact_form" handle={captchaRef} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={state === 'submitting' || undefined}>
          {state === 'submitting' ? FIELD_MESSAGES.submitting : CONTACT_TEXT.send}
        </button>
      </div>
      <FormStatus state={state} message={message} />
    </form>
  );
}
