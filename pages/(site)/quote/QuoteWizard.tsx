import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type CaptchaHandle, CaptchaWidget } from '../../../components/CaptchaWidget.tsx';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { type FormState, FormStatus } from '../../../components/form/FormStatus.tsx';
import { Honeypot } from '../../../components/form/Honeypot.tsx';
import { LeadFields } from '../../../components/form/LeadFields.tsx';
import { ScriptRequired } from '../../../components/form/ScriptRequired.tsx';
import { type SentItem, SuccessPanel } from '../../../components/form/SuccessPanel.tsx';
import { focusFirstError } from '../../../components/form/focus.ts';
import { useSubmissionKey } from '../../../components/form/submission-key.ts';
import { typedBeforeHydration } from '../../../components/form/typed-before-hydration.ts';
import { submitLead } from '../../../components/form/submit-lead.ts';
import { QUOTE_COLUMN_FIELDS, QUOTE_DETAIL_FIELDS, fieldLines } from '../../../shared/lead-fields.ts';
import { FIELD_MESSAGES, MESSAGES, QUOTE_TEXT } from '../../../shared/messages.ts';
import type { PublicCaptchaConfig } from '../../../shared/page-context.ts';
import { formatLeadDetails, quoteFieldsFor } from '../../../shared/quote-fields.ts';
import { formatCalendarDate } from '../../../shared/dates.ts';
import {
  DETAIL_FIELDS,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
  chooseService,
  initialWizardState,
  quoteRequest,
  restoreWizardState,
  stepOfField,
  validateStep,
} from '../../../shared/quote-wizard.ts';
import type { FieldErrors } from '../../../shared/schemas/fields.ts';
import { CATEGORY_LABELS, SERVICE_CATEGORIES, SERVICES, type ServiceId, isServiceId } from '../../../shared/services.ts';
import { usePageContext } from 'vike-react/usePageContext';
import { reportStep } from '../../../components/form/funnel-beacon.ts';

const STORAGE_KEY = 'quote-wizard';
const STARTED_KEY = 'quote-wizard-started';

/** sessionStorage can be unavailable (privacy modes, full quota): the wizard then simply does not persist. */
const storage = {
  get: (key: string) => {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string | null) => {
    try {
      if (value === null) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, value);
    } catch {
      // Not persisting is acceptable; losing the form is not.
    }
  },
};

function fieldOrder(state: WizardState, step: WizardStep): readonly string[] {
  if (step === 1) return ['service'];
  if (step === 2) return DETAIL_FIELDS;
  return quoteFieldsFor(state.service).map((f) => f.name);
}

/** The confirmation lists what was sent but the description (quoted in the e-mail copy): the dates as one range. */
const SUMMARY_FIELDS: readonly string[] = ['service', 'name', 'email', 'company', 'phone', 'companySize', 'budget', 'timeline'];

function sentSummary(state: WizardState): SentItem[] {
  const { details } = state;
  const fields = QUOTE_COLUMN_FIELDS.filter((f) => SUMMARY_FIELDS.includes(f.name));
  return [
    ...fieldLines(fields, (f) => (f.name === 'service' ? state.service : details[f.name])),
    {
      label: QUOTE_TEXT.dates,
      value: QUOTE_TEXT.dateRange(formatCalendarDate(details.startDate ?? ''), formatCalendarDate(details.completionDate ?? '')),
    },
    ...formatLeadDetails(state.service, state.answers),
  ];
}

/**
 * docs/product.md#quote: choose a service, project details, the service's own details; Back and Continue between
 * them.
 */
export interface QuoteWizardProps {
  captcha: PublicCaptchaConfig;
  preselect: string | null;
  startStep: WizardStep;
  wasPostedWithoutScript: boolean;
  /** What happens after a request, in the quote page's words (the confirmation panel says it too). */
  next: string;
}

export function QuoteWizard({ captcha, preselect, startStep, wasPostedWithoutScript, next }: QuoteWizardProps) {
  const { serviceLabels } = usePageContext();
  const [state, setState] = useState<WizardState>(() => initialWizardState(preselect, startStep));
  const [restored, setRestored] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormState>('idle');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const focusHeading = useRef(false);
  const submission = useSubmissionKey();
  const [sent, setSent] = useState<SentItem[] | null>(null);

  // After hydration: bring back what this tab typed before a reload, unless the visitor typed on this page
  // before its scripts ran (that is on screen, and newer).
  useEffect(() => {
    const typed = typedBeforeHydration(form.current);
    const saved = typed.length ? null : restoreWizardState(storage.get(STORAGE_KEY), preselect);
    if (!storage.get(STARTED_KEY)) storage.set(STARTED_KEY, new Date().toISOString());
    // sessionStorage and the typed text exist only in the browser: reading them during render would make the
    // hydrated page differ from the server's HTML, so they are applied once, right after hydration.
    if (saved) setState(saved);
    if (typed.length) setState((s) => withTyped(s, typed));
    setRestored(true);
  }, [preselect]);

  useEffect(() => {
    if (restored) storage.set(STORAGE_KEY, JSON.stringify(state));
  }, [state, restored]);

  // A layout effect, so focus has moved by the time the new step is painted.
  useLayoutEffect(() => {
    if (!focusHeading.current || !heading.current) return;
    focusHeading.current = false;
    heading.current.focus();
  }, [state.step, sent]);

  // Any change of the answers makes a new submission (see useSubmissionKey).
  useEffect(() => submission.renew(), [state.service, state.details, state.answers, submission]);

  function goTo(step: WizardStep) {
    focusHeading.current = true;
    setErrors({});
    setState((s) => ({ ...s, step }));
  }

  function showErrors(found: FieldErrors, step: WizardStep) {
    setErrors(found);
    setStatus('error');
    setMessage(FIELD_MESSAGES.fixErrors);
    // Fields render before focus moves when the errors are on another step.
    if (step !== state.step) {
      setState((s) => ({ ...s, step }));
      setTimeout(() => focusFirstError(form.current, fieldOrder(state, step), found));
    } else focusFirstError(form.current, fieldOrder(state, step), found);
  }

  const clearError = (name: string) => {
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const setDetail = (field: string, value: string) => {
    setState((s) => ({ ...s, details: { ...s.details, [field]: value } }));
    clearError(field);
  };
  const setAnswer = (name: string, value: string) => {
    setState((s) => ({ ...s, answers: { ...s.answers, [name]: value } }));
    clearError(name);
  };

  async function submit() {
    setStatus('submitting');
    setMessage(FIELD_MESSAGES.submitting);
    const outcome = await submitLead({
      name: 'submitQuote',
      data: { ...quoteRequest(state), startedAt: storage.get(STARTED_KEY) ?? undefined, website: honeypot },
      captcha: captchaRef.current,
      provider: captcha.provider,
      idempotencyKey: submission.get(),
      failure: MESSAGES.quoteError,
    });
    if (outcome.kind === 'fields') {
      const names = Object.keys(outcome.fields);
      return showErrors(outcome.fields, Math.min(...names.map(stepOfField)) as WizardStep);
    }
    if (outcome.kind !== 'success') {
      setStatus(outcome.kind);
      setMessage(outcome.message);
      return;
    }
    storage.set(STORAGE_KEY, null);
    storage.set(STARTED_KEY, new Date().toISOString());
    // docs/product.md#quote: the form is reset to step 1; the confirmation covers it until the visitor starts again.
    setSent(sentSummary(state));
    setState(initialWizardState());
    setErrors({});
    setStatus('idle');
    setMessage('');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validateStep(state, state.step);
    if (Object.keys(found).length) return showErrors(found, state.step);
    if (state.step < 3) {
      setStatus('idle');
      setMessage('');
      reportStep(state.step === 1 ? 'quote-step-2' : 'quote-step-3');
      return goTo((state.step + 1) as WizardStep);
    }
    void submit();
  }

  if (sent) {
    return (
      <SuccessPanel
        title={QUOTE_TEXT.sentHeading}
        message={MESSAGES.quoteSuccess}
        sent={sent}
        next={next}
        onAgain={() => {
          focusHeading.current = true;
          setSent(null);
        }}
      />
    );
  }

  const service = isServiceId(state.service) ? serviceLabels[state.service] : undefined;
  const title = WIZARD_STEPS[state.step - 1]!.title;
  return (
    <form
      ref={form}
      className="form card wizard"
      data-step={state.step}
      method="post"
      action="/quote"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="wizard-title"
    >
      <ScriptRequired wasPosted={wasPostedWithoutScript} />
      <div className="wizard-progress">
        <p className="wizard-step-count">{QUOTE_TEXT.stepCount(state.step, WIZARD_STEPS.length)}</p>
        <ol className="wizard-steps" aria-label={QUOTE_TEXT.progress}>
          {WIZARD_STEPS.map((s) => (
            <li key={s.step} aria-current={s.step === state.step ? 'step' : undefined} data-done={s.step < state.step}>
              {s.title}
            </li>
          ))}
        </ol>
      </div>
      <h2 id="wizard-title" ref={heading} tabIndex={-1} className="wizard-heading">
        {state.step === 3 && service ? QUOTE_TEXT.serviceHeading(service.name) : title}
      </h2>

      {state.step === 1 && service && (
        // Seen before the ten cards, so a visitor who came from a service's Get Quote sees it is chosen.
        <p className="wizard-summary">
          {QUOTE_TEXT.selected} <strong>{service.name}</strong>
        </p>
      )}
      {state.step === 1 && (
        <ServiceChoice
          value={state.service}
          error={errors.service}
          onChoose={(id) => {
            setState((s) => chooseService(s, id));
            clearError('service');
          }}
        />
      )}

      {state.step === 2 && (
        <>
          <p className="wizard-summary">
            {QUOTE_TEXT.service} <strong>{service?.name}</strong>
          </p>
          <LeadFields
            fields={QUOTE_DETAIL_FIELDS}
            values={state.details}
            errors={errors}
            onValueChange={setDetail}
            inputProps={{ completionDate: { min: state.details.startDate || undefined } }}
          />
        </>
      )}

      {state.step === 3 && (
        <LeadFields fields={quoteFieldsFor(state.service)} values={state.answers} errors={errors} onValueChange={setAnswer} />
      )}

      <Honeypot value={honeypot} onValueChange={setHoneypot} />
      <div hidden={state.step !== 3}>
        <CaptchaWidget config={captcha} action="quote_form" handle={captchaRef} />
      </div>
      <div className="form-actions">
        {state.step > 1 && (
          <button type="button" className="button button-ghost-dark" onClick={() => goTo((state.step - 1) as WizardStep)}>
            {QUOTE_TEXT.back}
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          // Without JavaScript step 1 continues by loading /quote?service=…&step=2 (nothing personal in it yet).
          {...(state.step === 1 ? { formMethod: 'get', name: 'step', value: '2' } : {})}
          aria-disabled={status === 'submitting' || undefined}
        >
          {state.step < 3 ? QUOTE_TEXT.continue : status === 'submitting' ? QUOTE_TEXT.submitting : QUOTE_TEXT.submit}
        </button>
      </div>
      <FormStatus state={status} message={message} />
    </form>
  );
}

/** The wizard with the values typed before hydration: a service chosen in step 1, details in step 2. */
function withTyped(state: WizardState, typed: Array<[string, string]>): WizardState {
  let next = state;
  for (const [name, value] of typed) {
    if (name === 'service' && isServiceId(value)) next = chooseService(next, value);
    else if (DETAIL_FIELDS.includes(name)) next = { ...next, details: { ...next.details, [name]: value } };
    else if (quoteFieldsFor(next.service).some((f) => f.name === name)) next = { ...next, answers: { ...next.answers, [name]: value } };
  }
  return next;
}

function ServiceChoice({ value, error, onChoose }: { value: string; error: string | undefined; onChoose: (id: ServiceId) => void }) {
  const { serviceLabels } = usePageContext();
  return (
    <>
      <p className="choice-jump">
        {QUOTE_TEXT.jumpTo}{' '}
        {SERVICE_CATEGORIES.map((category, i) => (
          <span key={category}>
            {i > 0 && ' · '}
            <a href={`#services-${category}`}>{CATEGORY_LABELS[category]}</a>
          </span>
        ))}
      </p>
      {SERVICE_CATEGORIES.map((category) => (
        <fieldset key={category} id={`services-${category}`} className="choice-grid" aria-describedby={error ? 'service-error' : undefined}>
          <legend>{CATEGORY_LABELS[category]}</legend>
          {SERVICES.filter((s) => s.category === category).map((s) => (
            <label key={s.id} className="choice">
              <input type="radio" name="service" value={s.id} checked={value === s.id} onChange={() => onChoose(s.id)} />
              <span>
                <span className="choice-title">{serviceLabels[s.id].name}</span>
                <span className="choice-text">{serviceLabels[s.id].tagline}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <FieldError id="service-error" message={error} />
    </>
  );
}
