import { QUOTE_DETAIL_FIELDS } from './lead-fields.ts';
import { FIELD_MESSAGES, QUOTE_TEXT } from './messages.ts';
import { quoteFieldsFor } from './quote-fields.ts';
import { type FieldErrors, fieldErrors } from './schemas/fields.ts';
import { QuoteDetailsSchema, QuoteServiceSchema, serviceFieldsSchema } from './schemas/quote.ts';
import { type ServiceId, isServiceId } from './services.ts';

/*
 * The quote wizard's state and rules, kept free of React so they are unit-tested and shared by the page.
 * Values are kept as typed (strings); they become a request only when checked.
 */

export const DETAIL_FIELDS: readonly string[] = QUOTE_DETAIL_FIELDS.map((f) => f.name);

export type WizardStep = 1 | 2 | 3;
export const WIZARD_STEPS: ReadonlyArray<{ step: WizardStep; title: string }> = [
  { step: 1, title: QUOTE_TEXT.steps[0] },
  { step: 2, title: QUOTE_TEXT.steps[1] },
  { step: 3, title: QUOTE_TEXT.steps[2] },
];

export interface WizardState {
  step: WizardStep;
  service: ServiceId | '';
  details: Record<string, string>;
  /** Step 3: the chosen service's own fields, by name. */
  answers: Record<string, string>;
}

const EMPTY_DETAILS: Record<string, string> = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, '']));

/**
 * A fresh wizard; `?service=` preselects a known service, anything else preselects nothing. `startStep` 2
 * (step 1 continued without JavaScript) opens the project details, once a known service is chosen.
 */
export function initialWizardState(preselect?: string | null, startStep: WizardStep = 1): WizardState {
  const service = isServiceId(preselect) ? preselect : '';
  return { step: service && startStep === 2 ? 2 : 1, service, details: { ...EMPTY_DETAILS }, answers: {} };
}

/** Choosing another service clears every service-specific answer (docs/product.md#quote). */
export function chooseService(state: WizardState, service: ServiceId): WizardState {
  return service === state.service ? state : { ...state, service, answers: {} };
}

/** The chosen service's answers; values stay as typed (the schema reads empty as "not given" and "12" as 12). */
function answersRequest(state: WizardState): Record<string, string> {
  return Object.fromEntries(quoteFieldsFor(state.service).map((f) => [f.name, state.answers[f.name] ?? '']));
}

/** The errors that stop the visitor leaving `step`, one per field. */
export function validateStep(state: WizardState, step: WizardStep): FieldErrors {
  if (step === 1) {
    const result = QuoteServiceSchema.safeParse({ service: state.service });
    return result.success ? {} : fieldErrors(result.error);
  }
  if (step === 2) {
    const result = QuoteDetailsSchema.safeParse(state.details);
    return result.success ? {} : fieldErrors(result.error);
  }
  if (!state.service) return { service: FIELD_MESSAGES.chooseService };
  const result = serviceFieldsSchema(state.service).safeParse(answersRequest(state));
  return result.success ? {} : fieldErrors(result.error);
}

/** Which step a field is on, to send the visitor back to the server's first complaint. */
export function stepOfField(field: string): WizardStep {
  if (field === 'service') return 1;
  return DETAIL_FIELDS.includes(field) ? 2 : 3;
}

/** The whole request (without captcha and times). */
export function quoteRequest(state: WizardState): Record<string, string> {
  return { service: state.service, ...state.details, ...answersRequest(state) };
}

/**
 * What `sessionStorage` held, checked field by field (it may be stale or edited). A `?service=` link for a
 * different service wins: that service is chosen and its step shown, with the project details kept.
 */
export function restoreWizardState(raw: string | null, preselect?: string | null): WizardState | null {
  if (!raw) return null;
  let saved: Partial<WizardState>;
  try {
    saved = JSON.parse(raw) as Partial<WizardState>;
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const strings = (value: unknown, keys: readonly string[]) =>
    Object.fromEntries(
      keys.map((k) => {
        const v = (value as Record<string, unknown> | undefined)?.[k];
        return [k, typeof v === 'string' ? v : ''];
      }),
    );
  const service = isServiceId(saved.service) ? saved.service : '';
  let state: WizardState = {
    step: saved.step === 2 || saved.step === 3 ? saved.step : 1,
    service,
    details: strings(saved.details, DETAIL_FIELDS),
    answers: strings(
      saved.answers,
      quoteFieldsFor(service).map((f) => f.name),
    ),
  };
  if (!state.service && state.step > 1) state = { ...state, step: 1 };
  if (isServiceId(preselect) && preselect !== state.service) state = { ...chooseService(state, preselect), step: 1 };
  return state;
}
