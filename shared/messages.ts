import { COMPANY, type SiteSettings } from './company.ts';
import { formatWholeNumber } from './numbers.ts';

/*
 * What visitors read, and the words public and admin pages share: the status texts of docs/product.md#messages
 * verbatim (MESSAGES), the forms' field messages, the API's own answers, and (below ERROR_PAGES) the pages' own
 * words. This module is in the script of every page that has one, so the admin area's words are in admin-texts.ts.
 * Facts with a catalogue of their own stay there: the company's (company.ts), the services' (services.ts) and the
 * lead fields' labels (lead-fields.ts, quote-fields.ts).
 */

/** Every user-facing status text of docs/product.md#messages. */
export const MESSAGES = {
  captchaNotLoaded: 'reCAPTCHA not loaded. Please refresh the page and try again.',
  captchaEmpty: 'reCAPTCHA verification failed. Please try again.',
  contactError: 'Sorry, there was an error sending your message. Please try again.',
  quoteError: 'Sorry, there was an error submitting your request. Please try again.',
  contactSuccess: "Thank you! Your message has been sent successfully. We'll contact you within 24 hours.",
  quoteSuccess: "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours.",
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
  blogListPage: {
    title: 'Page not found',
    message: 'That page of the blog does not exist.',
    backHref: '/blog',
    backLabel: 'Back to the blog',
  },
  blogTag: { title: 'Tag not found', message: 'No published post has this tag.', backHref: '/blog', backLabel: 'Back to the blog' },
  adminListPage: (backHref: string) => ({
    title: 'Page not found',
    message: 'That page of the list does not exist.',
    backHref,
    backLabel: 'Back to the first page',
  }),
  post: {
    title: 'Post not found',
    message: 'This post does not exist or was deleted.',
    backHref: '/admin/blog',
    backLabel: 'Back to the posts',
  },
  lead: {
    title: 'Lead not found',
    message: 'This lead does not exist or has been deleted.',
    backHref: '/admin/leads',
    backLabel: 'Back to the leads',
  },
  sitePage: {
    title: 'Page not found',
    message: 'There is no such page or service to edit.',
    backHref: '/admin/pages',
    backLabel: 'Back to the pages',
  },
  person: {
    title: 'Person not found',
    message: 'This person has no staff account.',
    backHref: '/admin/staff',
    backLabel: 'Back to the staff',
  },
} as const;

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
  lead: (name: string) =>
    `${name} designs, secures and supports the networks, servers and websites that Australian businesses run on, with engineers who answer the phone at 3 am.`,
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
  description: (name: string) =>
    `${name} was founded in ${COMPANY.founded} in Sydney to give Australian businesses enterprise-grade infrastructure and web solutions with a personal service.`,
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
    {
      name: 'Excellence',
      text: 'We document what we build, test what we change and measure what we promise. Good enough is not a standard.',
    },
    { name: 'Collaboration', text: 'Your team knows your business; we know infrastructure. Projects go best when we plan them together.' },
    {
      name: 'Innovation',
      text: 'We adopt new technology when it makes your systems safer, simpler or cheaper to run, not because it is new.',
    },
    {
      name: 'Global Mindset',
      text: 'Australian-based and internationally experienced: we support offices and users wherever your business operates.',
    },
  ],
  cta: {
    title: "Let's work together",
    text: "Tell us about your environment and goals; we'll come back within 24 hours on business days.",
  },
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
  recaptchaNote: {
    before: 'This site is protected by reCAPTCHA and the Google',
    privacy: 'Privacy Policy',
    and: 'and',
    terms: 'Terms of Service',
    after: 'apply.',
  },
  sentHeading: 'What you sent',
  nextHeading: 'What happens next',
  sendAnother: 'Send another',
  privacyNote: { link: 'privacy policy', after: '.' },
} as const;

export const CONTACT_TEXT = {
  title: 'Contact us',
  description: (name: string) =>
    `Send ${name} a message about your network, servers, support or website. We reply within 24 hours on business days.`,
  lead: 'Tell us what you need. We reply within 24 hours on business days.',
  formHeading: 'Send us a message',
  send: 'Send message',
  sentHeading: 'Message sent',
  sentNext:
    'A confirmation is on its way to your inbox. A member of our team reads every message; sent on a weekend or public holiday, the 24 hours start on the next business day.',
  asideHeading: 'Other ways to reach us',
  email: 'Email',
  phone: 'Phone',
  office: 'Office',
  quoteHint: { before: 'Need a price? The', link: 'quote request', after: 'asks the right questions for each service.' },
  privacyNote: 'We use what you send only to answer you. See our',
} as const;

export const QUOTE_TEXT = {
  title: 'Request a quote',
  description: (name: string) =>
    `Request a quote from ${name} for network security, datacenter, support, migrations, IMACD, break/fix, global ICT support, web design, domains or hosting.`,
  breadcrumb: 'Get a quote',
  lead: 'Three short steps. We reply with a tailored quote within 24 hours on business days.',
  asideHeading: 'What happens next',
  /** What follows a request; the page's aside and the confirmation panel both say it. */
  // The success text promises "within 24 hours"; this says what follows and when the 24 hours run, not a second promise.
  next: 'An engineer reads your request and replies with a few questions and a first estimate. Sent on a weekend or public holiday? The 24 hours start on the next business day.',
  /** Step 1's links to each group of cards (a phone shows the first group's seven cards first). */
  jumpTo: 'Jump to:',
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
  blogFeed: 'RSS feed',
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
