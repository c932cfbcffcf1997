import { COMPANY, type SiteSettings } from './company.ts';
import { counted as count, formatWholeNumber } from './numbers.ts';
import { PASSKEY_NAME_MAX } from './passkeys.ts';
import { INVITATION_DAYS } from './staff.ts';

/*
 * Every text a visitor or a staff member reads, in one place: the status texts of docs/product.md#messages
 * verbatim (MESSAGES), the forms' field messages, the admin's, the API's own answers, and (below ERROR_PAGES) the
 * pages' own words. Facts with a catalogue of their own stay there: the company's (company.ts), the services'
 * (services.ts) and the lead fields' labels (lead-fields.ts, quote-fields.ts).
 */

/** Every user-facing status text of docs/product.md#messages. */
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

/** Callable-protocol error codes and the HTTP status each maps to (docs/product.md#errors). */
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
 * The warning shown when the spam check is not loaded or gave no token. docs/product.md#captcha words it for reCAPTCHA;
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
  notice: (email: string) => `This form needs JavaScript for its spam check. Please turn JavaScript on, or email us at ${email}.`,
  notSent: (email: string) =>
    `Nothing was sent: this form needs JavaScript for its spam check. Please turn JavaScript on and try again, or email us at ${email}.`,
} as const;

/**
 * A field's label inside a sentence: its first letter lowered ("Company size" → "company size") unless it opens
 * with an acronym ("SSL certificate" stays as the catalogue spells it).
 */
function labelInSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Field errors of the lead forms, shown beside each field and returned by the endpoints. */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  choose: (label: string) => `Choose ${labelInSentence(label)}.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${formatWholeNumber(max)} characters.`,
  email: 'Enter a valid email address, like name@example.com.',
  phone: 'Enter a valid phone number, like 02 8005 0142.',
  option: (label: string) => `Choose one of the listed options for ${labelInSentence(label)}.`,
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

/**
 * Texts of the admin area beyond the original brief; the sign-in failure text is the brief's own
 * (docs/product.md#admin-sign-in).
 */
export const ADMIN_MESSAGES = {
  loginFailed: MESSAGES.loginFailed,
  loginThrottled: (minutes: number) => `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
  signInProofNeeded: 'Many sign-in attempts are failing on this site right now, so your browser must first do a short check (it needs JavaScript). Press Sign in again.',
  signInBusy: 'Sign-in is busy right now. Please try again in a few seconds.',
  signInProofFailed: 'The browser check did not finish. Please press Sign in again.',
  totpInvalid: 'That code is not valid. Enter the 6-digit code from your authenticator app, or a recovery code.',
  totpExpired: 'Your sign-in took too long. Please enter your email and password again.',
  signInRequired: 'Please sign in.',
  emailRequired: 'Enter your email.',
  passwordRequired: 'Enter your password.',
  currentPasswordRequired: 'Enter your current password.',
  codeRequired: 'Enter the 6-digit code.',
  csrfInvalid: 'Your session has changed. Reload the page and try again.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  twoFactorRequired: 'Set up two-factor sign-in before you continue.',
  passwordChanged: 'Your password has been changed. Other sessions were signed out.',
  passwordWrong: 'Your current password is not correct.',
  passwordTooShort: 'Use at least 12 characters.',
  passwordsDiffer: 'The new passwords do not match.',
  sessionsEnded: 'Every other session has been signed out.',
  /** The sign-in's audit entry when it ended sessions beyond the limit. */
  oldestSessionsEnded: (n: number) => `${count(n, 'oldest session', 'oldest sessions')} ended: over the limit of sessions open at once`,
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
  twoFactorMandatory: 'Two-step sign-in is required for your account: keep the authenticator app, or add a passkey first.',
  postSavedLive: 'Saved. The post is live.',
  postSavedScheduled: (when: string) => `Saved. The post goes live on ${when}.`,
  postSavedDraft: 'Saved as a draft.',
  previewDraft: 'This is a draft: only staff can see it.',
  previewScheduled: (when: string) => `Scheduled: visitors can read it from ${when}.`,
  previewPublic: 'This post is public.',
  notesSaved: 'Notes saved.',
  accountExists: (email: string) => `An account for ${email} already exists.`,
  noAccount: (email: string) => `No account for ${email}.`,
  passkeyFailed: 'That passkey could not sign you in. Try again, or sign in with your email and password.',
  passkeyExpired: 'The passkey request expired. Please try again.',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  passkeyUnsupported: 'This browser cannot use passkeys.',
  passkeyNotAdded: 'The passkey could not be added. Please try again.',
  passkeyAlreadyAdded: 'This device already holds a passkey for your account.',
  passkeyAdded: (name: string) => `Passkey “${name}” added. You can sign in with it now.`,
  passkeyRenamed: 'Passkey renamed.',
  passkeyRemoved: (name: string) => `Passkey “${name}” removed.`,
  passkeyRemovedLast: (name: string) => `Passkey “${name}” removed. Two-factor sign-in is off, and your other sessions were signed out.`,
  passkeyNotFound: 'That passkey is no longer on your account. Reload the page to see your passkeys.',
  passkeyNameRequired: 'Give the passkey a name.',
  passkeyNameTooLong: `A passkey name can be at most ${PASSKEY_NAME_MAX} characters.`,
  passkeyAddPassword: 'You signed in a while ago: enter your password to add a passkey.',
  passkeyPasswordNeeded: 'This passkey is your last way of two-factor sign-in: enter your password to remove it.',
} as const;

/** The API's own answers to requests it cannot serve, public and admin alike. */
export const API_MESSAGES = {
  noSuchEndpoint: 'No such endpoint.',
  internal: 'Something went wrong on our side. Please try again.',
  deadline: 'The request took too long. Please try again.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 16 to 100 letters, digits, "-" or "_".',
  postKeyInvalid: 'A new post’s Idempotency-Key header must be a UUID.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different submission. Send a new key.',
  captchaUnavailable: 'The spam check is unavailable. Please try again shortly.',
  pageLinkInvalid: 'That page link is not valid.',
  addressInvalid: 'The address is not valid.',
  bodyTooLarge: 'The request body is too large.',
  bodyTooDeep: 'The request body is nested too deeply.',
  bodyNotJson: 'The request body is not valid JSON.',
  bodyEncoding: 'The request body has an unsupported encoding.',
  bodyNotJsonType: 'The request body must be JSON (Content-Type: application/json).',
  bodyNotData: 'The request body must be {"data": {…}}.',
  unknownEvent: 'Unknown event.',
  textHasNul: 'Text may not contain NUL characters.',
  queryParamOnce: (name: string) => `${name} must be given once, as text.`,
  restarting: 'The site is restarting. Please try again in a moment.',
  /** A build asset that does not exist, answered as plain text (no page is rendered for it). */
  assetNotFound: '404 Not found',
  /** The last line of a plain-text error answer, to quote when reporting it. */
  requestId: (id: string) => `Request id: ${id}`,
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
  blogTag: { title: 'Tag not found', message: 'No published post has this tag.', backHref: '/blog', backLabel: 'Back to the blog' },
  adminListPage: (backHref: string) => ({ title: 'Page not found', message: 'That page of the list does not exist.', backHref, backLabel: 'Back to the first page' }),
  post: { title: 'Post not found', message: 'This post does not exist or was deleted.', backHref: '/admin/blog', backLabel: 'Back to the posts' },
  lead: { title: 'Lead not found', message: 'This lead does not exist or has been deleted.', backHref: '/admin/leads', backLabel: 'Back to the leads' },
  person: { title: 'Person not found', message: 'This person has no staff account.', backHref: '/admin/staff', backLabel: 'Back to the staff' },
} as const;

/** The admin's sections: each one's address and name, which heads its page where the page has no longer title. */
export const ADMIN_SECTIONS = {
  dashboard: { href: '/admin/dashboard', label: 'Dashboard' },
  leads: { href: '/admin/leads', label: 'Leads' },
  blog: { href: '/admin/blog', label: 'Blog' },
  media: { href: '/admin/media', label: 'Media' },
  analytics: { href: '/admin/analytics', label: 'Analytics' },
  audit: { href: '/admin/audit', label: 'Audit log' },
  privacy: { href: '/admin/privacy', label: 'Privacy' },
  settings: { href: '/admin/settings', label: 'Settings' },
  staff: { href: '/admin/staff', label: 'Staff' },
  account: { href: '/admin/account', label: 'Account' },
} as const;

/** The admin's sidebar, in order (the same list is the phone menu). */
export const ADMIN_NAV = Object.values(ADMIN_SECTIONS);

/** The words the admin's pages share: each page's title and description, the pager, and common buttons and headings. */
export const ADMIN_TEXT = {
  pageTitle: (title: string) => `${title} · Admin`,
  description: (company: string) => `${company} staff area.`,
  pager: 'Pages',
  cancel: 'Cancel',
  delete: 'Delete',
  filter: 'Filter',
  retry: 'Retry',
  saving: 'Saving…',
  name: 'Name',
  status: 'Status',
} as const;

/** The admin frame, staff accounts (list, invitations, deactivation, sessions). */
export const STAFF_MESSAGES = {
  areaName: 'Staff',
  navLabel: 'Admin',
  menu: 'Menu',
  userMenuLabel: 'Your account',
  signedInAs: 'Signed in as',
  viewSite: 'View website',
  skipToContent: 'Skip to content',
  invited: (email: string) => `Invitation to ${email} is on its way (its status below follows the e-mail). The link in it works once, for ${INVITATION_DAYS} days.`,
  invitationClosed: 'This invitation is no longer open: it was accepted, replaced or has expired.',
  invitationPending: (email: string) => `${email} has an invitation waiting; sending another replaces it.`,
  invitationInvalid: 'This invitation link is not valid any more: it was used, replaced or has expired. Ask a colleague to invite you again.',
  invitationAccepted: 'Your password is set and you are signed in.',
  invitationSubject: (company: string) => `Your ${company} staff account`,
  invitationText: (name: string, inviter: string, link: string, company: string) =>
    `Hello ${name},\n\n${inviter} has invited you to the ${company} staff area. Choose your password here (the link works once, for ${INVITATION_DAYS} days):\n\n${link}\n\nIf you did not expect this, ignore this e-mail.`,
  deactivated: (name: string) => `${name} is deactivated and was signed out everywhere.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  lastActiveAccount: 'This is the last active account: someone must be able to sign in. Invite or reactivate another person first.',
  alreadyInState: 'Nothing changed: the account was already in that state. Reload the page to see it.',
  personNotFound: 'This person has no staff account.',
  sessionEnded: 'The session has ended.',
  sessionGone: 'That session had already ended.',
  passwordsDiffer: 'The passwords do not match.',
} as const;

/** The Staff pages' labels. */
export const STAFF_TEXTS = {
  title: ADMIN_SECTIONS.staff.label,
  peopleHeading: 'People',
  name: ADMIN_TEXT.name,
  status: ADMIN_TEXT.status,
  lastSignIn: 'Last sign-in',
  sessions: 'Sessions',
  active: 'Active',
  inactive: 'Deactivated',
  never: 'Never',
  you: '(you)',
  pendingHeading: 'Invitations',
  device: 'Device',
  deviceText: (browser: string, system: string, network: string) =>
    `${[browser || 'Unknown browser', system].filter(Boolean).join(' on ')}${network ? ` · network ${network}` : ''}`,
  deviceUnknown: 'Not recorded',
  thisDevice: 'This device',
  invitedBy: (by: string | null, expires: string) => `${by ? `Invited by ${by}; ` : ''}the link works until ${expires}.`,
  invitedByOnly: (by: string | null) => (by ? `Invited by ${by}.` : ''),
  invitationStates: { queued: 'E-mail queued', sent: 'E-mail sent', failed: 'E-mail failed', accepted: 'Accepted', expired: 'Expired' },
  copyLink: 'Copy link',
  copyLinkFor: (name: string) => `Copy link for ${name}'s invitation`,
  linkCopied: 'Link copied. It works once: send it only to the person invited.',
  copyByHand: 'The browser did not allow copying; select the link and copy it:',
  inviteHeading: 'Add a person',
  inviteHint: 'They get an e-mail with a one-time link to choose their password. Their role sets what they can see and do.',
  role: 'Role',
  inviteName: ADMIN_TEXT.name,
  inviteEmail: 'Email',
  invite: 'Send invitation',
  inviting: 'Sending…',
  email: 'Email',
  created: 'Account created',
  deactivate: 'Deactivate',
  deactivateQuestion: (name: string) => `Deactivate ${name}? They are signed out everywhere at once and cannot sign in until reactivated.`,
  deactivateConfirm: 'Yes, deactivate',
  reactivate: 'Reactivate',
  sessionsHeading: 'Sessions',
  sessionsHint: 'Browsers where this person is signed in. Ending a session signs that browser out at its next request.',
  noSessions: 'Not signed in anywhere.',
  started: 'Signed in',
  expires: 'Ends at the latest',
  endSession: 'End session',
  theirActivity: 'Their activity in the audit log',
  backToStaff: 'All staff',
  invitationTitle: 'Choose your password',
  invitationFor: (name: string, email: string) => `Welcome, ${name}. You are setting the password for ${email}.`,
  newPassword: (min: number) => `Password (at least ${min} characters)`,
  repeatPassword: 'Repeat the password',
  setPassword: 'Set password',
  settingPassword: ADMIN_TEXT.saving,
  toSignIn: 'Go to sign-in',
} as const;

/*
 * The pages' own words, one constant per area so that a page's browser bundle carries only the texts it shows:
 * the frame of every page, each public page, the lead forms' controls, and the admin's pages. A sentence with a
 * link in it is split around the link (`before`, `link`, `after`), and one with a value the page sets apart
 * around the value (`before`, `after`); such parts keep their spaces.
 */

/** The frame of every public page: skip link, header, footer, and the closing call to action. */
export const SITE_TEXT = {
  skipLink: 'Skip to content',
  homeLink: (name: string) => `${name} home`,
  nav: { home: 'Home', services: 'Services', about: 'About', blog: 'Blog', contact: 'Contact', privacy: 'Privacy' },
  getQuote: 'Get Quote',
  mainNav: 'Main',
  mobileNav: 'Main (mobile)',
  menu: 'Menu',
  servicesMenu: 'Request a quote for a service',
  admin: 'Admin',
  adminMenu: 'Admin menu',
  dashboard: 'Dashboard',
  /** Signed-in staff's way out, the same words in the header's Admin menu and the admin's own bar. */
  signOut: 'Sign out',
  breadcrumb: 'Breadcrumb',
  footerAbout: `${COMPANY.tagline}. Founded in Sydney in ${COMPANY.founded}.`,
  footerCompany: 'Company',
  footerFollow: 'Follow us',
  copyright: (year: number, { legalName, abn }: Pick<SiteSettings, 'legalName' | 'abn'>) => `© ${year} ${legalName}. ABN ${abn}.`,
  ctaQuote: 'Get a quote',
  ctaTalk: 'Talk to us',
  feedTitle: (name: string) => `${name} blog`,
} as const;

export const HOME_TEXT = {
  description:
    'Network security, datacenter, support, migrations and web solutions for Australian businesses. 99.9% uptime, 24/7 support and a reply within 24 hours.',
  eyebrow: 'IT infrastructure · Web solutions · Australia-wide',
  heading: 'Infrastructure that stays up. Websites that win work.',
  lead: (name: string) => `${name} designs, secures and supports the networks, servers and websites that Australian businesses run on, with engineers who answer the phone at 3 am.`,
  getQuote: 'Get a free quote',
  explore: 'Explore services',
  categoryIntro: {
    infrastructure: 'From the cabling closet to the cloud: we build it, secure it and keep it running.',
    web: 'Fast, secure websites on Australian infrastructure, with your domains looked after.',
  },
  statsHeading: (name: string) => `${name} in numbers`,
  cta: { title: 'Tell us what you need', text: 'A three-step quote request takes two minutes. We reply within 24 hours on business days.' },
} as const;

export const ABOUT_TEXT = {
  title: 'About us',
  description: (name: string) => `${name} was founded in ${COMPANY.founded} in Sydney to give Australian businesses enterprise-grade infrastructure and web solutions with a personal service.`,
  heading: (name: string) => `About ${name}`,
  lead: 'Enterprise-grade infrastructure, small-business attention.',
  storyHeading: 'Our story',
  story: (name: string) => [
    `${name} was founded in ${COMPANY.founded} by engineers who had spent years running networks and datacentres for large organisations, and kept meeting growing businesses that were underserved: too big for a friend who "knows computers", too small for the attention of a global integrator.`,
    'We built the company around that gap. The same team designs your network, rolls out your hardware, hosts your website and answers your support calls, so nothing is lost between vendors and someone always owns the outcome.',
    'Today we look after offices, warehouses, clinics and online shops across Australia and support their staff overseas, with a 99.9% uptime commitment and engineers on call around the clock.',
  ],
  valuesHeading: 'Our values',
  valuesIntro: 'Four commitments that decide how we work, every day.',
  values: [
    { name: 'Excellence', text: 'We document what we build, test what we change and measure what we promise. Good enough is not a standard.' },
    { name: 'Collaboration', text: 'Your team knows your business; we know infrastructure. Projects go best when we plan them together.' },
    { name: 'Innovation', text: 'We adopt new technology when it makes your systems safer, simpler or cheaper to run, not because it is new.' },
    { name: 'Global Mindset', text: 'Australian-based and internationally experienced: we support offices and users wherever your business operates.' },
  ],
  cta: { title: "Let's work together", text: "Tell us about your environment and goals; we'll come back within 24 hours on business days." },
} as const;

export const SERVICES_TEXT = {
  title: 'Services',
  serviceTitle: (name: string) => `${name} services`,
  description:
    'IT infrastructure and web solutions: network security, datacenter, support, migrations, IMACD, break/fix, global ICT support, web design, domains and hosting.',
  lead: 'Seven infrastructure services and three web solutions, delivered by one accountable team.',
  categoriesNav: 'Service categories',
  allServices: 'All services',
  servicesNav: 'Services',
  included: "What's included",
  cta: { title: 'Not sure which service fits?', text: "Describe the problem and we'll recommend the right mix, with a fixed quote." },
} as const;


/** The lead forms' own controls and the confirmation panel both forms become. */
export const FORM_TEXT = {
  requiredNote: { before: 'Fields marked', marker: 'with an asterisk', after: 'are required.' },
  optional: '(optional)',
  selectPlaceholder: 'Select…',
  honeypot: 'Leave this field empty',
  recaptchaNote: { before: 'This site is protected by reCAPTCHA and the Google', privacy: 'Privacy Policy', and: 'and', terms: 'Terms of Service', after: 'apply.' },
  sentHeading: 'What you sent',
  nextHeading: 'What happens next',
  sendAnother: 'Send another',
  privacyNote: { link: 'privacy policy', after: '.' },
} as const;

export const CONTACT_TEXT = {
  title: 'Contact us',
  description: (name: string) => `Send ${name} a message about your network, servers, support or website. We reply within 24 hours on business days.`,
  lead: 'Tell us what you need. We reply within 24 hours on business days.',
  formHeading: 'Send us a message',
  send: 'Send message',
  sentHeading: 'Message sent',
  sentNext:
    'A confirmation is on its way to your inbox. A member of our team reads every message and replies within 24 hours on business days.',
  asideHeading: 'Other ways to reach us',
  email: 'Email',
  phone: 'Phone',
  office: 'Office',
  quoteHint: { before: 'Need a price? The', link: 'quote request', after: 'asks the right questions for each service.' },
  privacyNote: 'We use what you send only to answer you. See our',
} as const;

export const QUOTE_TEXT = {
  title: 'Request a quote',
  description: (name: string) => `Request a quote from ${name} for network security, datacenter, support, migrations, IMACD, break/fix, global ICT support, web design, domains or hosting.`,
  breadcrumb: 'Get a quote',
  lead: 'Three short steps. We reply with a tailored quote within 24 hours on business days.',
  asideHeading: 'What happens next',
  /** What follows a request; the page's aside and the confirmation panel both say it. */
  next: 'An engineer reads your request and replies within 24 hours on business days, usually with a few questions and a first estimate.',
  talkFirst: { before: 'Prefer to talk first? Call', or: 'or', link: 'send us a message', after: '.' },
  privacyNote: 'We use what you send only to prepare your quote. See our',
  steps: ['Choose a service', 'Project details', 'Service details'],
  stepCount: (step: number, steps: number) => `Step ${step} of ${steps}`,
  progress: 'Progress',
  selected: 'Selected:',
  service: 'Service:',
  serviceHeading: (service: string) => `${service}: details`,
  back: 'Back',
  continue: 'Continue',
  submit: 'Submit request',
  submitting: 'Submitting…',
  sentHeading: 'Quote request sent',
  dates: 'Dates',
  dateRange: (start: string, end: string) => `${start} to ${end}`,
} as const;

export const BLOG_TEXT = {
  title: 'Blog',
  olderTitle: 'Blog: older posts',
  searchTitle: (q: string) => `Search results for “${q}”`,
  description: (name: string) => `Practical articles on networks, security, hosting and IT projects from the ${name} team.`,
  lead: 'Plain-English advice on infrastructure, security and the web, from our engineers.',
  searchLabel: 'Search the blog',
  search: 'Search',
  newest: 'Showing the newest posts.',
  matches: (count: number, q: string) => `${count} ${count === 1 ? 'post matches' : 'posts match'} “${q}”.`,
  loaded: (count: number) => `${count} more ${count === 1 ? 'post' : 'posts'} loaded.`,
  showingMatches: (q: string) => `Showing posts matching “${q}”.`,
  clearSearch: 'Clear search',
  resultsList: 'Search results',
  postsList: 'Posts',
  loadMore: 'Load More',
  readTime: (minutes: number) => `${minutes} min read`,
  tags: 'Tags',
  /** docs/product.md#blog-tags */
  tagTitle: (tag: string) => `Posts tagged “${tag}”`,
  tagOlderTitle: (tag: string) => `Posts tagged “${tag}”: older posts`,
  tagDescription: (tag: string, name: string) => `Articles tagged “${tag}” from the ${name} team, newest first.`,
  tagLead: 'Every post with this tag, newest first.',
  tagFeed: 'RSS feed of this tag',
  tagFeedTitle: (name: string, tag: string) => `${name} blog: posts tagged “${tag}”`,
  allPosts: 'All posts',
  related: 'Related posts',
  backToBlog: '← Back to the blog',
  cta: { title: 'Want this done for your business?', text: 'Tell us what you need: we reply within 24 hours on business days.' },
} as const;

/** The words around ERROR_PAGES' title and message. */
export const ERROR_PAGE_TEXT = {
  eyebrow404: 'Error 404',
  eyebrow: 'Error',
  /** When the message only repeats the title ("Blog Post Not Found" over "Blog post not found"). */
  sameAsTitle: 'It may have been renamed or removed.',
  home: 'Back to the home page',
  contact: 'Contact us',
  latest: 'Latest posts',
} as const;

export const LOGIN_TEXT = {
  title: 'Staff sign-in',
  signedOut: 'You have signed out.',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  codeHelp: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  code: 'Authentication code',
  verify: 'Verify',
  verifying: 'Checking…',
  passkeySignIn: 'Sign in with a passkey',
  passkeyWaiting: 'Waiting for your passkey…',
  passkeyStep: 'Use your passkey to finish signing in.',
  usePasskey: 'Use your passkey',
  usePasskeyInstead: 'Use your passkey instead',
} as const;

export const ACCOUNT_TEXT = {
  title: 'Your account',
  signedInAs: 'Signed in as',
  passwordHeading: 'Change password',
  currentPassword: 'Current password',
  newPassword: (min: number) => `New password (at least ${min} characters)`,
  repeatPassword: 'Repeat the new password',
  changePassword: 'Change password',
  twoFactorHeading: 'Two-factor sign-in',
  recoveryHeading: 'Your recovery codes',
  recoveryHint: 'Each code signs you in once if you lose your phone. Store them somewhere safe now: they are not shown again.',
  toDashboard: 'Continue to the dashboard',
  twoFactorOn: { before: 'Two-factor sign-in is', state: 'on', after: '.' },
  recoveryLeft: (n: number) => `${n} recovery ${n === 1 ? 'code' : 'codes'} left.`,
  passwordToDisable: 'Your password, to turn it off',
  disable: 'Turn off two-factor sign-in',
  scan: 'Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).',
  qrAlt: 'QR code to add this account to an authenticator app',
  typeKey: 'Or type this key:',
  code: 'The 6-digit code the app shows',
  enable: 'Turn on two-factor sign-in',
  twoFactorOff: 'Two-factor sign-in is off. With it on, signing in also needs a code from your phone.',
  setUp: 'Set up two-factor sign-in',
  sessionsHeading: 'Other sessions',
  otherSessions: (n: number) =>
    n === 0 ? 'You are not signed in anywhere else.' : `You are signed in on ${n} other ${n === 1 ? 'browser or device' : 'browsers or devices'}.`,
  sessionLimit: (limit: number) =>
    `At most ${limit} sessions stay open at once: signing in on one more browser signs out the one signed in longest ago.`,
  endOthers: 'Sign out other sessions',
} as const;

/** The account page's passkeys (docs/product.md#passkeys). */
export const PASSKEY_TEXT = {
  heading: 'Passkeys',
  intro: 'A passkey signs you in with your fingerprint, face, screen lock or security key instead of your password, and counts as two-factor sign-in.',
  none: 'You have no passkeys yet.',
  caption: 'Your passkeys',
  added: 'Added',
  lastUsed: 'Last used',
  notUsed: 'Not used yet',
  newName: 'Name of the new passkey',
  add: 'Add a passkey',
  adding: 'Adding…',
  rename: 'Rename',
  renameLabel: (name: string) => `New name for “${name}”`,
  save: 'Save name',
  saving: ADMIN_TEXT.saving,
  remove: 'Remove',
  removeQuestion: (name: string) => `Remove “${name}”? It will no longer sign you in.`,
  removeConfirm: 'Yes, remove',
  password: 'Your password',
} as const;

/** The staff page for access and erasure requests under the Australian Privacy Principles. */
export const PRIVACY_REQUEST_TEXT = {
  title: ADMIN_SECTIONS.privacy.label,
  heading: 'Access and erasure requests',
  intro:
    'When someone asks what we hold about them, or asks us to delete it, enter the email address they used on the contact or quote form. Both actions are recorded in the audit log.',
  email: 'Email address',
  export: 'Export data',
  exported: (email: string, counts: string, auditEntries: number) =>
    `Downloaded the data held about ${email}: ${counts}, and ${auditEntries} audit ${auditEntries === 1 ? 'entry' : 'entries'}.`,
  eraseHeading: 'Erase',
  eraseHint:
    'Deletes every quote request and contact message sent with this address (in any letter case) and their notifications, for good. The audit log keeps who did it and how much, not the address.',
  erase: 'Erase all data',
  eraseQuestion: (email: string) => `Erase everything held about ${email || 'this address'}? This cannot be undone.`,
  confirmErase: 'Yes, erase all data',
  erased: (counts: string, email: string) => `Erased ${counts} for ${email}.`,
  /** "2 quote requests, 1 contact message and 3 notifications" */
  counts: (c: { quotes: number; contacts: number; notifications: number }) =>
    `${count(c.quotes, 'quote request', 'quote requests')}, ${count(c.contacts, 'contact message', 'contact messages')} and ${count(c.notifications, 'notification', 'notifications')}`,
  /** The audit entries of an erasure and of the retention job (they keep how much, never the address). */
  erasedEntry: (reference: string, counts: string) => `${reference}: ${counts} erased`,
  purgedEntry: (counts: string, days: number) => `${counts} older than ${days} days deleted`,
} as const;

/** What the blog editor says: about its fields, links, image uploads, autosave, history and address (issue 18). */
export const EDITOR_MESSAGES = {
  notYourPost: 'You can edit only your own drafts. An Editor can change this post.',
  publishNeedsEditor: 'Your role submits posts for review; an Editor publishes them. Untick “Publish this post” and use “Submit for review”.',
  submitForReview: 'Submit for review',
  submitting: 'Submitting…',
  submitted: 'Submitted for review. The Editors have been told by e-mail.',
  waitingForReview: 'Waiting for review',
  alreadyPublished: 'This post is already published: there is nothing to review.',
  reviewSubject: (title: string) => `Post waiting for review: ${title}`,
  reviewText: (author: string, title: string, link: string) =>
    `${author} has submitted “${title}” for review.\n\nOpen it in the editor to read it and publish it:\n\n${link}`,
  featuredImageHttps:
    'Featured image must be an address starting with https:// (browsers block http:// images on this site), or an image uploaded here.',
  imageUrlInvalid: 'Enter an image address starting with https://, or upload an image.',
  linkUrlInvalid: 'Enter an address starting with https:// or http://, a mailto: address, or a page of this site such as /contact.',
  linkUrlRequired: 'Enter the address the link goes to.',
  altRequired: 'Describe the image for people who cannot see it.',
  featuredAltRequired: 'Describe the featured image for people who cannot see it, or mark it as decorative.',
  imageRequired: 'Choose an image to upload, or enter its address.',
  imageTooLarge: (mb: number) => `This image is larger than ${mb} MB. Save it smaller (or at a lower quality) and upload it again.`,
  imageType: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  imageSvg: 'SVG images cannot be uploaded: they can carry scripts that would run on the site. Export it as PNG or WebP.',
  imageMismatch: (claimed: string) => `This file is not the ${claimed} image its name says. Export it again and upload the exported file.`,
  imageUnreadable: 'This image could not be read; the file may be damaged. Export it again and upload it.',
  imageTooManyPixels: (megapixels: number) =>
    `This image has more than ${megapixels} megapixels. Resize it (2000 pixels across is plenty for the site) and upload it again.`,
  imageBusy: 'The server is busy with other images. Please try again in a moment.',
  imageRateLimited: (count: number, minutes: number) =>
    `You have uploaded ${count} images in the last ${minutes} minutes. Please wait a few minutes, then upload the rest.`,
  imageEmpty: 'The file is empty.',
  imageNotFound: 'Image not found.',
  slugInvalid: 'Address may use only lowercase letters, digits and single hyphens between them, like network-security-basics.',
  slugTaken: (slug: string, free: string) => `The address /blog/${slug} is used by another post. Try /blog/${free}.`,
  publishedAtInvalid: 'Publish date must be a valid date and time.',
  slugWillRedirect: (oldSlug: string) => `This post is published: its old address /blog/${oldSlug} will redirect to the new one.`,
  /** The editor's one status under its Save button (also "Saving…" and "Unsaved changes"). */
  savedAt: (time: string) => `Saved at ${time}`,
  retrying: "Couldn't save, retrying",
  autosaveRestored: (time: string) => `Restored your unsaved changes from ${time}.`,
  revisionRestored: (time: string) => `Restored the version saved ${time}.`,
  revisionNotFound: 'That version no longer exists.',
} as const;

/** The site settings page (/admin/settings): what a field refused says, and the save's outcome. */
export const SETTINGS_MESSAGES = {
  abn: 'Enter a valid ABN: 11 digits, like 53 004 085 616 (the check digits must match).',
  phone: 'Enter an Australian phone number, like 02 8005 0142, 0412 345 678 or 1300 123 456.',
  postcode: 'Enter a 4-digit postcode.',
  region: 'Choose a state or territory.',
  socialUrl: 'Enter the full address of the page, starting with https://.',
  socialMax: (max: number) => `Add at most ${max} social links.`,
  statsCount: (min: number, max: number) => `Show from ${min} to ${max} figures on the home page.`,
  saved: 'Settings saved. Every page shows them now.',
} as const;

/** The dashboard's counts, lists, notifications and chart. */
export const DASHBOARD_TEXT = {
  nothingToReview: 'No draft is waiting for review.',
  counts: {
    quotes: 'Quote requests',
    contacts: 'Contact messages',
    published: 'Published posts',
    drafts: 'Drafts',
    scheduled: 'Scheduled posts',
  },
  recentHeading: 'Recent quote requests',
  noQuotes: 'No quote requests yet.',
  waitingHeading: { before: 'Waiting for a reply (', after: ')' },
  allContacted: 'Every lead has been contacted.',
  /** A link to the leads held on arrival as possible spam (sent too fast): some are people waiting for a reply. */
  heldLeads: (count: number) => `${formatWholeNumber(count)} ${count === 1 ? 'lead' : 'leads'} held as possible spam`,
  heldHint: 'Sent faster than a person usually fills the form in. Open one and choose “Not spam” to release it.',
  failuresHeading: { before: 'Notification failures (', after: ')' },
  retryAll: 'Retry all now',
  /** "Email to staff for a quote request": the notification's kind, then its lead's type. */
  failureFor: ' for a ',
  attempts: ' attempts · ',
  failed: 'failed',
  chartHeading: 'Leads per week',
  chartCaption: { before: 'Leads per week over the last 12 weeks (', after: ' in total). ' },
  showNumbers: 'Show the numbers',
  weekStarting: 'Week starting',
} as const;

/** The leads inbox: the list, its filters and export, and one lead's page with its status, notes and notifications. */
export const LEADS_TEXT = {
  type: 'Type',
  received: 'Received',
  notes: 'History and notes',
  notifications: 'Notifications',
  exportCsv: 'Export CSV',
  filtersLabel: 'Filter leads',
  search: 'Search name, email or company',
  any: 'Any',
  receivedFrom: 'Received from',
  receivedTo: 'Received to',
  clear: 'Clear',
  caption: 'Leads, newest first',
  noneMatch: 'No leads match these filters.',
  firstPage: 'First page',
  older: 'Older leads',
  leadTitle: (type: string, name: string) => `${type} from ${name}`,
  allLeads: '← All leads',
  details: 'Details',
  currentStatus: 'Current status:',
  /** The button that moves a lead to each status. */
  moveTo: {
    new: 'Not spam',
    contacted: 'Mark contacted',
    quoted: 'Mark quoted',
    won: 'Mark won',
    lost: 'Mark lost',
    spam: 'Mark as spam',
  },
  noNotifications: 'No notifications for this lead.',
  afterAttempts: (n: number) => `after ${n} attempts`,
  deleteHint: 'Erases this lead and its notifications for good, for example when the person asks.',
  deleteLead: 'Delete lead',
  deleteQuestion: (name: string) => `Delete everything ${name} sent? This cannot be undone.`,
  deleteConfirm: 'Yes, delete this lead',
  noteHistory: 'Notes and status changes, oldest first',
  noteLabel: 'Add a note (staff only)',
  addNote: 'Add note',
} as const;

/** The blog's admin pages: the list of posts, a post's preview, and the editor's form around the post's body. */
export const POSTS_TEXT = {
  title: 'Blog posts',
  newPost: 'New post',
  empty: 'No blog posts yet.',
  postTitle: 'Title',
  publishDate: 'Publish date',
  actions: 'Actions',
  edit: 'Edit',
  view: 'View',
  preview: 'Preview',
  /** A row's link or button named with its post: "Edit Cloud backups". */
  actionOn: (action: string, title: string) => `${action} ${title}`,
  deleteQuestion: (title: string) => `Delete "${title}"? This cannot be undone.`,
  deleteConfirm: 'Yes, delete it',
  deleted: (title: string) => `Deleted "${title}".`,
  newest: 'Newest posts',
  older: 'Older posts',
  editThisPost: 'Edit this post',
  discardRestored: 'Discard them',
  viewPost: 'View the post',
  address: 'Address',
  addressHint: (slug: string) => `The post's address: /blog/${slug || '…'}. It follows the title until you change it.`,
  excerpt: 'Excerpt',
  author: 'Author',
  content: 'Content',
  tagsHint: 'Separate tags with commas, for example: Security, Cloud',
  featuredImage: 'Featured image',
  featuredNow: 'The featured image now',
  removeFeatured: 'Remove featured image',
  uploadFeatured: 'Upload a featured image',
  featuredUrl: 'Featured image URL',
  featuredHint: 'Or an address starting with https://',
  publishing: 'Publishing',
  publish: 'Publish this post',
  reviewHint: 'An Editor reads your draft and publishes it. Submit it when it is ready.',
  reviewSince: (when: string) => `submitted ${when}. You can still change it; an Editor sees each save.`,
  saveBeforeReview: 'Save your changes before submitting.',
  saveDraftFirst: 'Save the draft first, then submit it for review.',
  reviewBadge: 'Waiting for review',
  publishDateIn: { before: 'Publish date (', after: ' time)' },
  scheduleHint: 'A date in the future schedules the post.',
  onSave: 'On save this post will be:',
  willBe: { Published: 'published now', Scheduled: 'scheduled', Draft: 'a draft' },
  save: 'Save post',
  unsaved: 'Unsaved changes',
} as const;

/** The post body's editor: its toolbar, the link and image dialogs, image uploads and the post's history. */
export const EDITOR_TEXT = {
  toolbar: 'Formatting',
  tools: {
    bold: 'Bold',
    italic: 'Italic',
    h2: 'Heading 2',
    h3: 'Heading 3',
    bulletList: 'Bullet list',
    orderedList: 'Numbered list',
    quote: 'Quote',
    code: 'Code block',
    link: 'Link',
    image: 'Image',
    undo: 'Undo',
    redo: 'Redo',
  },
  addLink: 'Add link',
  editLink: 'Edit link',
  updateLink: 'Update link',
  removeLink: 'Remove link',
  linkAddress: 'Link address',
  linkAddressHint: 'For example https://www.cyber.gov.au, mailto:hello@example.com or /contact',
  linkText: 'Link text',
  addImage: 'Add image',
  insertImage: 'Insert image',
  uploadImage: 'Upload an image',
  imageAddress: 'Or an image address',
  imageAddressHint: 'An address starting with https://',
  alt: 'Description (alt text)',
  altHint: 'What the image shows, for people who cannot see it.',
  uploadHint: (mb: number, megapixels: number) =>
    `PNG, JPEG, GIF or WebP, up to ${mb} MB and ${megapixels} megapixels. It is resized for phones and large screens.`,
  history: 'History',
  /** When a version was saved and by whom; a version the site saved itself (a scheduled publish) has no person. */
  savedWhen: (when: string, by: string | null) => `${when} by ${by ?? 'the site'}`,
  saved: 'Saved ',
  currentVersion: 'Current version',
  restoreConfirm: 'Restore this version',
} as const;

/** The site settings page's fieldsets, labels and hints (SETTINGS_MESSAGES has what it answers). */
export const SETTINGS_TEXT = {
  title: 'Site settings',
  intro: 'What every page, e-mail and feed shows about the company. A save shows on the site at once.',
  company: 'Company',
  name: 'Company name',
  legalName: 'Legal name',
  legalNameHint: 'Shown beside the ABN at the foot of every page.',
  email: CONTACT_TEXT.email,
  phone: CONTACT_TEXT.phone,
  phoneHint: 'An Australian number, like 02 8005 0142 or 1300 123 456.',
  abn: 'ABN',
  abnHint: '11 digits; spaces are fine.',
  address: 'Address',
  street: 'Street address',
  locality: 'Suburb',
  region: 'State or territory',
  postcode: 'Postcode',
  social: { legend: 'Social links', noun: 'Link', name: 'Network', url: 'Page address' },
  stats: { legend: 'Home page figures', noun: 'Figure', label: 'Label' },
  /** A list's row is named by its number: "Link 1"; its remove button also by what it holds, once typed. */
  row: (noun: string, n: number) => `${noun} ${n}`,
  remove: 'Remove',
  removeRow: (noun: string, n: number, name: string) => `Remove ${noun.toLowerCase()} ${n}${name ? ` (${name})` : ''}`,
  addRow: (noun: string) => `Add a ${noun.toLowerCase()}`,
  save: 'Save settings',
} as const;

/** The leads inbox and the dashboard: notes, spam, delivery, ages and the CSV export's headings. */
export const INBOX_MESSAGES = {
  noteRequired: 'Write the note before adding it.',
  noteTooLong: (max: number) => `A note can be at most ${formatWholeNumber(max)} characters.`,
  noteAdded: 'Note added.',
  /** A note carried over from the single notes box, whose author was never recorded. */
  noteAuthorUnknown: 'Earlier notes (author not recorded)',
  noNotes: 'No notes or status changes yet.',
  /** A status change in the lead's history. */
  statusEntry: (from: string, to: string) => `Status: ${from} → ${to}`,
  leadChangedMeanwhile: 'Someone else changed this lead a moment ago. Reload the page to see the change.',
  statusChanged: (label: string) => `Status changed to ${label}.`,
  releasedFromSpam: 'Marked not spam. Its notifications are on their way.',
  notSpamAction: 'Not spam: send its notifications',
  possibleSpam:
    'Possible spam: the form was sent faster than a person can fill it in, so no one was notified. If it is genuine, mark it not spam and its notifications are sent now.',
  honeypotSpam: 'Stored as spam: a field hidden from people was filled in, so no one was notified.',
  replyByEmail: 'Reply by e-mail',
  replySubject: (type: 'quote' | 'contact', service: string, companyName: string) =>
    type === 'quote' && service ? `Your quote request for ${service}` : `Your message to ${companyName}`,
  age: (ms: number) => {
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes} min ago`;
    const hours = Math.floor(minutes / 60);
    return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
  },
  overdue: 'Overdue',
  replyPromise: (hours: number) => `We promise a reply within ${hours} hours; a new lead waiting longer is overdue.`,
  waitingShownAbove: 'New quote requests in the table above are not repeated here.',
  allDelivered: 'All notifications were delivered.',
  emailsWaitForSmtp: (n: number) =>
    `${count(n, 'e-mail is', 'e-mails are')} waiting: e-mail sending is not configured (SMTP_URL), so they are kept and go out once it is.`,
  webhooksWaitForUrl: (n: number) =>
    `${count(n, 'webhook call is', 'webhook calls are')} waiting: the webhook is not configured (WEBHOOK_URL), so they are kept and go out once it is.`,
  queued: (n: number) => `${count(n, 'notification is', 'notifications are')} queued and normally go out within a minute.`,
  failuresListed: (shown: number, total: number) => `The ${formatWholeNumber(shown)} newest of ${formatWholeNumber(total)}.`,
  failuresRetryHint: 'Notifications waiting for SMTP or the webhook are retried by themselves within a minute of its return.',
  retryNow: 'Retry now',
  csv: {
    type: LEADS_TEXT.type,
    received: (timeZone: string) => `Received (${timeZone})`,
    sent: (timeZone: string) => `Sent by the form (${timeZone}, the visitor's clock)`,
    status: ADMIN_TEXT.status,
    otherAnswers: 'Other answers',
    notes: LEADS_TEXT.notes,
    id: 'Lead ID',
  },
} as const;

/**
 * The e-mails a new lead sends: the staff alert, and the acknowledgement to the visitor (signed with the site
 * settings' name, phone and e-mail).
 */
export const LEAD_EMAIL_TEXT = {
  staffSubject: (type: 'contact' | 'quote', who: string, service: string) =>
    type === 'quote' ? `New quote request: ${service} from ${who}` : `New contact message from ${who}`,
  openInAdmin: 'Open in admin:',
  received: 'Received:',
  openLink: 'Open this lead in the admin',
  ackSubject: (type: 'contact' | 'quote') => (type === 'quote' ? "We've received your quote request" : "We've received your message"),
  /** `Hi Ada,` for a first name fit to greet by, else `Hello,`. */
  greeting: (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hello,'),
  thanks: (type: 'contact' | 'quote', service: string, company: SiteSettings) =>
    `Thank you for contacting ${company.name}. We've received ${type === 'quote' ? `your quote request for ${service}` : 'your message'} and we'll contact you within 24 hours on business days.`,
  urgent: (company: SiteSettings) => `If anything is urgent, call us on ${company.phone} or reply to this e-mail.`,
} as const;

/**
 * The titles on the public pages' sharing cards (shared/sharing-image.ts). They name the page, not the company,
 * so a new company name in the settings leaves no card out of date.
 */
/** The privacy policy's title (its words are in shared/privacy-policy.ts, kept out of this catalogue's weight). */
export const PRIVACY_POLICY_TITLE = 'Privacy policy';

export const SHARING_CARD_TEXT = {
  home: HOME_TEXT.heading,
  services: COMPANY.tagline,
  about: 'Enterprise-grade infrastructure with a personal service',
  contact: 'Contact us: a reply within 24 hours on business days',
  quote: 'Request a free quote',
  blog: 'Practical articles on networks, security, hosting and IT projects',
  privacy: PRIVACY_POLICY_TITLE,
} as const;
