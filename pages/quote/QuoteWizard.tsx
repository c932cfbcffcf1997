import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type CaptchaHandle, CaptchaProblem, CaptchaWidget } from '../../components/CaptchaWidget.tsx';
import { CallableError, callFunction } from '../../components/form/callable.ts';
import { FieldError } from '../../components/form/FieldError.tsx';
import { type FormState, FormStatus } from '../../components/form/FormStatus.tsx';
import { Honeypot } from '../../components/form/Honeypot.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextArea } from '../../components/form/TextArea.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { focusFirstError } from '../../components/form/focus.ts';
import { FIELD_MESSAGES, MESSAGES, captchaWarning } from '../../shared/messages.ts';
import { BUDGETS, COMPANY_SIZES, TIMELINES } from '../../shared/options.ts';
import type { PublicCaptchaConfig } from '../../shared/page-context.ts';
import { quoteFieldsFor } from '../../shared/quote-fields.ts';
import {
  DETAIL_FIELDS,
  type DetailField,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
  chooseService,
  initialWizardState,
  quoteRequest,
  restoreWizardState,
  stepOfField,
  validateStep,
} from '../../shared/quote-wizard.ts';
import type { FieldErrors } from '../../shared/schemas/fields.ts';
import { CATEGORY_LABELS, SERVICE_CATEGORIES, SERVICES, getService } from '../../shared/services.ts';
import { ServiceFields } from './ServiceFields.tsx';

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

/** SPEC.md §4: choose a service, project details, the service's own details; Back and Continue between them. */
export function QuoteWizard({ captcha, preselect }: { captcha: PublicCaptchaConfig; preselect: string | null }) {
  const [state, setState] = useState<WizardState>(() => initialWizardState(preselect));
  const [restored, setRestored] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormState>('idle');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const focusHeading = useRef(false);

  // After hydration: bring back what this tab typed before a reload.
  useEffect(() => {
    const saved = restoreWizardState(storage.get(STORAGE_KEY), preselect);
    if (!storage.get(STARTED_KEY)) storage.set(STARTED_KEY, new Date().toISOString());
    // sessionStorage exists only in the browser: reading it during render would make the hydrated page differ
    // from the server's HTML, so the saved answers are applied once, right after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved) setState(saved);
    setRestored(true);
  }, [preselect]);

  // A layout effect, so the answer is saved before a reload that follows the change at once (Preact, which runs
  // in the browser, delays plain effects to the next frame; React flushes them right after a click or change).
  useLayoutEffect(() => {
    if (restored) storage.set(STORAGE_KEY, JSON.stringify(state));
  }, [state, restored]);

  // A layout effect too, so focus has moved by the time the new step is painted.
  useLayoutEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [state.step]);

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
  const setDetail = (field: DetailField) => (value: string) => {
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
    let token: string;
    try {
      token = await captchaRef.current!.getToken();
    } catch (err) {
      setStatus('warning');
      setMessage(captchaWarning(err instanceof CaptchaProblem ? err.kind : 'notLoaded', captcha.provider));
      return;
    }
    try {
      await callFunction('submitQuote', {
        ...quoteRequest(state),
        'g-recaptcha-response': token,
        submittedAt: new Date().toISOString(),
        startedAt: storage.get(STARTED_KEY) ?? undefined,
        website: honeypot,
      });
      storage.set(STORAGE_KEY, null);
      storage.set(STARTED_KEY, new Date().toISOString());
      setState(initialWizardState());
      goTo(1);
      setStatus('success');
      setMessage(MESSAGES.quoteSuccess);
    } catch (err) {
      const fields = err instanceof CallableError ? err.fields : {};
      const names = Object.keys(fields);
      if (names.length) return showErrors(fields, Math.min(...names.map(stepOfField)) as WizardStep);
      // A refused spam check (403) needs a fresh check, not a different message.
      if (err instanceof CallableError && err.status === 403) {
        setStatus('warning');
        setMessage(captchaWarning('empty', captcha.provider));
        return;
      }
      setStatus('error');
      setMessage(err instanceof CallableError && err.status === 429 ? FIELD_MESSAGES.rateLimited : MESSAGES.quoteError);
    } finally {
      captchaRef.current?.reset();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validateStep(state, state.step);
    if (Object.keys(found).length) return showErrors(found, state.step);
    if (state.step < 3) {
      setStatus('idle');
      setMessage('');
      return goTo((state.step + 1) as WizardStep);
    }
    void submit();
  }

  const service = getService(state.service);
  const title = WIZARD_STEPS[state.step - 1]!.title;
  return (
    <form ref={form} className="form card wizard" noValidate onSubmit={onSubmit} aria-labelledby="wizard-title">
      <div className="wizard-progress">
        <p className="wizard-step-count">{`Step ${state.step} of 3`}</p>
        <ol className="wizard-steps" aria-label="Progress">
          {WIZARD_STEPS.map((s) => (
            <li key={s.step} aria-current={s.step === state.step ? 'step' : undefined} data-done={s.step < state.step}>
              {s.title}
            </li>
          ))}
        </ol>
      </div>
      <h2 id="wizard-title" ref={heading} tabIndex={-1} className="wizard-heading">
        {state.step === 3 && service ? `${service.name}: details` : title}
      </h2>

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
            Service: <strong>{service?.name}</strong>
          </p>
          <div className="form-grid">
            <TextField name="name" label="Full Name" autoComplete="name" required maxLength={100} value={state.details.name} onValueChange={setDetail('name')} error={errors.name} />
            <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={254} value={state.details.email} onValueChange={setDetail('email')} error={errors.email} />
            <TextField name="company" label="Company" autoComplete="organization" maxLength={200} value={state.details.company} onValueChange={setDetail('company')} error={errors.company} />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" maxLength={40} value={state.details.phone} onValueChange={setDetail('phone')} error={errors.phone} />
            <SelectField name="companySize" label="Company size" options={COMPANY_SIZES.map((s) => ({ value: s, label: `${s} employees` }))} value={state.details.companySize} onValueChange={setDetail('companySize')} error={errors.companySize} />
            <SelectField name="budget" label="Budget" options={BUDGETS} value={state.details.budget} onValueChange={setDetail('budget')} error={errors.budget} />
            <SelectField name="timeline" label="Timeline" options={TIMELINES} value={state.details.timeline} onValueChange={setDetail('timeline')} error={errors.timeline} />
            <TextField name="startDate" label="Start date" type="date" required value={state.details.startDate} onValueChange={setDetail('startDate')} error={errors.startDate} />
            <TextField name="completionDate" label="Completion date" type="date" required min={state.details.startDate || undefined} value={state.details.completionDate} onValueChange={setDetail('completionDate')} error={errors.completionDate} />
          </div>
          <TextArea name="description" label="Project description" required maxLength={5000} hint="What do you need, and what does success look like?" value={state.details.description} onValueChange={setDetail('description')} error={errors.description} />
        </>
      )}

      {state.step === 3 && <ServiceFields service={state.service} answers={state.answers} errors={errors} onAnswer={setAnswer} />}

      <Honeypot value={honeypot} onValueChange={setHoneypot} />
      <div hidden={state.step !== 3}>
        <CaptchaWidget config={captcha} action="quote_form" handle={captchaRef} />
      </div>
      <div className="form-actions">
        {state.step > 1 && (
          <button type="button" className="button button-ghost-dark" onClick={() => goTo((state.step - 1) as WizardStep)}>
            Back
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={state.step === 1 && !state.service}
          aria-disabled={status === 'submitting' || undefined}
        >
          {state.step < 3 ? 'Continue' : status === 'submitting' ? 'Submitting…' : 'Submit request'}
        </button>
      </div>
      <FormStatus state={status} message={message} />
    </form>
  );
}

function ServiceChoice({ value, error, onChoose }: { value: string; error: string | undefined; onChoose: (id: (typeof SERVICES)[number]['id']) => void }) {
  return (
    <>
      {SERVICE_CATEGORIES.map((category) => (
        <fieldset key={category} className="choice-grid" aria-describedby={error ? 'service-error' : undefined}>
          <legend>{CATEGORY_LABELS[category]}</legend>
          {SERVICES.filter((s) => s.category === category).map((s) => (
            <label key={s.id} className="choice">
              <input type="radio" name="service" value={s.id} checked={value === s.id} onChange={() => onChoose(s.id)} />
              <span>
                <span className="choice-title">{s.name}</span>
                <span className="choice-text">{s.tagline}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <FieldError id="service-error" message={error} />
    </>
  );
}
