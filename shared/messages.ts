import { COMPANY } from './company.ts';
import { formatWholeNumber } from './numbers.ts';

/*
 * Every text a visitor or a staff member reads from the site's logic, in one place: SPEC.md §8's texts
 * verbatim (MESSAGES), the forms' field messages, the admin's, and the API's own answers. Page copy (headings,
 * service descriptions) lives with its page or catalogue.
 */

/** Every user-facing status text of SPEC.md §8. */
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

/**
 * The lead forms without JavaScript: their spam check runs in the browser, so a form posted without scripts is
 * not accepted (and what was typed is never put in a URL). Shown in `<noscript>`, and after such a post.
 */
export const SCRIPT_REQUIRED = {
  notice: `This form needs JavaScript for its spam check. Please turn JavaScript on, or email us at ${COMPANY.email}.`,
  notSent: `Nothing was sent: this form needs JavaScript for its spam check. Please turn JavaScript on and try again, or email us at ${COMPANY.email}.`,
} as const;

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
  someInvalid: 'Some fields are missing or not valid.',
  submitting: 'Sending…',
  rateLimited: 'Too many submissions from your network. Please wait a minute and try again.',
} as const;

/** Texts of the admin area that SPEC.md does not fix; the sign-in failure text is SPEC.md's own. */
export const ADMIN_MESSAGES = {
  loginFailed: MESSAGES.loginFailed,
  loginThrottled: (minutes: number) => `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
  totpInvalid: 'That code is not valid. Enter the 6-digit code from your authenticator app, or a recovery code.',
  totpExpired: 'Your sign-in took too long. Please enter your email and password again.',
  signInRequired: 'Please sign in.',
  csrfInvalid: 'Your session has changed. Reload the page and try again.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  twoFactorRequired: 'Set up two-factor sign-in before you continue.',
  passwordChanged: 'Your password has been changed. Other sessions were signed out.',
  passwordWrong: 'Your current password is not correct.',
  passwordTooShort: 'Use at least 12 characters.',
  passwordsDiffer: 'The new passwords do not match.',
  sessionsEnded: 'Every other session has been signed out.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  saved: 'Saved.',
  leadNotFound: 'This lead no longer exists.',
  statusNotAllowed: 'That status change is not allowed.',
  privacyEmailInvalid: 'Enter the email address the person used, like name@example.com.',
  notificationGone: 'That notification was delivered, no longer exists, or is being sent right now.',
  notificationRequeued: 'The notification will be sent again shortly.',
  notificationsRequeued: (n: number) => (n === 1 ? '1 notification will be sent again shortly.' : `${n} notifications will be sent again shortly.`),
  noSuchLeadType: 'No such lead type.',
  totpSetupExpired: 'The set-up expired. Start again to get a new QR code.',
  twoFactorMandatory: 'Two-factor sign-in is required for every staff account.',
  postSavedLive: 'Saved. The post is live.',
  postSavedScheduled: (when: string) => `Saved. The post goes live on ${when}.`,
  postSavedDraft: 'Saved as a draft.',
  previewDraft: 'This is a draft: only staff can see it.',
  previewScheduled: (when: string) => `Scheduled: visitors can read it from ${when}.`,
  previewPublic: 'This post is public.',
  notesSaved: 'Notes saved.',
  accountExists: (email: string) => `An account for ${email} already exists.`,
  noAccount: (email: string) => `No account for ${email}.`,
} as const;

/** The API's own answers to requests it cannot serve, public and admin alike. */
export const API_MESSAGES = {
  noSuchEndpoint: 'No such endpoint.',
  internal: 'Something went wrong on our side. Please try again.',
  deadline: 'The request took too long. Please try again.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 16 to 100 letters, digits, "-" or "_".',
  captchaUnavailable: 'The spam check is unavailable. Please try again shortly.',
  pageLinkInvalid: 'That page link is not valid.',
  addressInvalid: 'The address is not valid.',
  bodyTooLarge: 'The request body is too large.',
  bodyTooDeep: 'The request body is nested too deeply.',
  bodyNotJson: 'The request body is not valid JSON.',
  bodyEncoding: 'The request body has an unsupported encoding.',
  bodyNotJsonType: 'The request body must be JSON (Content-Type: application/json).',
  bodyNotData: 'The request body must be {"data": {…}}.',
  textHasNul: 'Text may not contain NUL characters.',
  queryParamOnce: (name: string) => `${name} must be given once, as text.`,
} as const;

/** What the browser's request helper says when the server gave no answer of its own. */
export const REQUEST_MESSAGES = {
  unreachable: 'The server could not be reached. Check your connection and try again.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The error pages: a title, what happened, and where to go back to. */
export const ERROR_PAGES = {
  notFound: { title: 'Page not found', message: "The page you were looking for doesn't exist or has moved." },
  failed: { title: 'Something went wrong', message: 'Sorry, something went wrong on our side. Please try again in a moment.' },
  blogListPage: { title: 'Page not found', message: 'That page of the blog does not exist.', backHref: '/blog', backLabel: 'Back to the blog' },
  adminListPage: (backHref: string) => ({ title: 'Page not found', message: 'That page of the list does not exist.', backHref, backLabel: 'Back to the first page' }),
  post: { title: 'Post not found', message: 'This post does not exist or was deleted.', backHref: '/admin/blog', backLabel: 'Back to the posts' },
  lead: { title: 'Lead not found', message: 'This lead does not exist or has been deleted.', backHref: '/admin/leads', backLabel: 'Back to the leads' },
} as const;

/** The blog editor: its toolbar, dialogs, image uploads, autosave, history and address (issue 18). */
export const EDITOR_MESSAGES = {
  featuredImageHttps:
    'Featured image must be an address starting with https:// (browsers block http:// images on this site), or an image uploaded here.',
  imageUrlInvalid: 'Enter an image address starting with https://, or upload an image.',
  linkUrlInvalid: 'Enter an address starting with https:// or http://, a mailto: address, or a page of this site such as /contact.',
  linkUrlRequired: 'Enter the address the link goes to.',
  altRequired: 'Describe the image for people who cannot see it.',
  imageRequired: 'Choose an image to upload, or enter its address.',
  imageTooLarge: (mb: number) => `This image is larger than ${mb} MB. Save it smaller (or at a lower quality) and upload it again.`,
  imageType: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  imageSvg: 'SVG images cannot be uploaded: they can carry scripts that would run on the site. Export it as PNG or WebP.',
  imageMismatch: (claimed: string) => `This file is not the ${claimed} image its name says. Export it again and upload the exported file.`,
  imageUnreadable: 'This image could not be read; the file may be damaged. Export it again and upload it.',
  imageTooManyPixels: 'This image has too many pixels. Resize it to at most 8000 pixels across and upload it again.',
  imageEmpty: 'The file is empty.',
  imageUploading: 'Uploading…',
  imageNotFound: 'Image not found.',
  slugInvalid: 'Address may use only lowercase letters, digits and single hyphens between them, like network-security-basics.',
  slugTaken: (slug: string, free: string) => `The address /blog/${slug} is used by another post. Try /blog/${free}.`,
  slugWillRedirect: (oldSlug: string) => `This post is published: its old address /blog/${oldSlug} will redirect to the new one.`,
  autosaving: 'Saving draft…',
  autosaved: (time: string) => `Draft saved ${time}`,
  autosaveFailed: (reason: string) => `Draft not saved: ${reason} Your changes are still here.`,
  autosaveRestored: (time: string) => `Restored your unsaved changes from ${time}.`,
  revisionRestored: (time: string) => `Restored the version saved ${time}.`,
  revisionNotFound: 'That version no longer exists.',
} as const;
