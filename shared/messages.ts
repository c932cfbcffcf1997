import { formatWholeNumber } from './numbers.ts';

/** Every user-facing status text of SPEC.md §8, in one place. */
export const MESSAGES = {
  captchaNotLoaded: 'reCAPTCHA not loaded. Please refresh the page and try again.',
  captchaEmpty: 'reCAPTCHA verification failed. Please try again.',
  contactError: 'Sorry, there was an error sending your message. Please try again.',
  quoteError: 'Sorry, there was an error submitting your request. Please try again.',
  contactSuccess: "Thank you! Your message has been sent successfully. We'll contact you within 24 hours.",
  quoteSuccess:
    "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours.",
  loginFailed: 'Invalid email or password',
  blogNotFound: 'Blog post not found',
  blogNotFoundTitle: 'Blog Post Not Found',
  blogLoadError: 'Error loading blog post',
  blogListEmpty: 'No blog posts found.',
} as const;

/** Callable-protocol error codes and the HTTP status each maps to (SPEC.md §8). */
export const ERROR_STATUS = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The warning shown when the spam check is not loaded or gave no token. SPEC.md §8 words it for reCAPTCHA;
 * the other providers get the same sentence naming "the spam check".
 */
export function captchaWarning(kind: 'notLoaded' | 'empty', provider: string): string {
  if (provider === 'recaptcha') return kind === 'notLoaded' ? MESSAGES.captchaNotLoaded : MESSAGES.captchaEmpty;
  return kind === 'notLoaded'
    ? 'Spam check not loaded. Please refresh the page and try again.'
    : 'Spam check verification failed. Please try again.';
}

/** Field errors of the lead forms, shown beside each field and returned by the endpoints. */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  choose: (label: string) => `Choose ${label.toLowerCase()}.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${formatWholeNumber(max)} characters.`,
  email: 'Enter a valid email address, like name@example.com.',
  phone: 'Enter a valid phone number, like 02 8005 0142.',
  option: (label: string) => `Choose one of the listed options for ${label.toLowerCase()}.`,
  wholeNumber: (label: string, min: number, max: number) =>
    `${label} must be a whole number from ${formatWholeNumber(min)} to ${formatWholeNumber(max)}.`,
  date: (label: string) => `${label} must be a valid date.`,
  completionBeforeStart: 'The completion date cannot be before the start date.',
  unknownField: 'This field is not accepted.',
  invalid: 'This value is not valid.',
  chooseService: 'Choose a service to continue.',
  fixErrors: 'Please correct the highlighted fields.',
  submitting: 'Sending…',
  rateLimited: 'Too many submissions from your network. Please wait a minute and try again.',
} as const;
