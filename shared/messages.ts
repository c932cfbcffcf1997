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
