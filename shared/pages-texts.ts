import { ADMIN_SECTIONS } from './admin-texts.ts';

/*
 * The words of the Pages and Navigation screens (/admin/pages, /admin/navigation) and their refusals. A module of
 * their own, so that the other admin pages, which all load shared/admin-texts.ts, do not carry them
 * (tests/integration/page-weight.test.ts holds each admin page's script to its budget).
 */

/** The pages' and services' words (/admin/pages): the list, the form, its workflow and its refusals. */
export const PAGES_TEXT = {
  title: ADMIN_SECTIONS.pages.label,
  intro:
    'The words of the site’s pages and services. Each shows its published words until you publish new ones; a draft is seen only in its preview.',
  pagesHeading: 'Pages',
  servicesHeading: 'Services',
  servicesHint: 'A renamed service keeps its address, its quote form questions and its leads.',
  edit: (name: string) => `Edit ${name}`,
  editTitle: (name: string) => `Edit: ${name}`,
  todaysWords: 'Today’s words',
  autosaveRestored: (when: string) => `Your unsaved changes from ${when} are back in the form. Save or publish them, or discard them.`,
  discardChanges: 'Discard unsaved changes',
  lastPublished: (when: string) => `Published ${when}`,
  draftSaved: (when: string) => `Draft saved ${when}`,
  add: (item: string) => `Add ${item.toLowerCase()}`,
  remove: (item: string) => `Remove ${item.toLowerCase()}`,
  /** An image field's preview, its choice in the media library and its removal ("Social image"). */
  imageNow: (label: string) => `The ${label.toLowerCase()} now`,
  chooseImage: (label: string) => `Choose the ${label.toLowerCase()}`,
  moveUp: (item: string) => `Move ${item.toLowerCase()} up`,
  moveDown: (item: string) => `Move ${item.toLowerCase()} down`,
  itemLabel: (item: string, n: number) => `${item} ${n}`,
  saveDraft: 'Save draft',
  preview: 'Preview',
  publish: 'Publish',
  discardDraft: 'Discard draft',
  draftSavedNotice: 'Draft saved. The public page is unchanged until you publish.',
  publishedNotice: 'Published. The public page shows the new words now.',
  discardedNotice: 'Draft discarded. The form shows the published words.',
  history: 'History',
  noHistory: 'No saves yet.',
  savedBy: (who: string | null, when: string) => `${when}${who ? ` by ${who}` : ''}`,
  change: { draft: 'Saved a draft', published: 'Published', scheduled: 'Scheduled', restored: 'Restored an earlier version as a draft' },
  publishAt: 'Publish at (optional)',
  publishAtHint: 'Leave empty to publish at once. Saving a draft afterwards cancels the schedule.',
  schedule: 'Schedule',
  scheduledFor: (when: string) => `Scheduled to go live ${when}`,
  scheduledNotice: (when: string) => `Scheduled. The public page shows the new words from ${when}.`,
  restore: 'Restore as draft',
  restoredNotice: 'The earlier version is now the draft. Publish it to show it on the site.',
  previewBanner: 'Preview of unpublished words: visitors see the published page.',
  backToEditor: 'Back to the editor',
  customHeading: 'Your pages',
  customHint: 'Pages you made, at their own address. A draft page is not on the site until you publish it.',
  noCustomPages: 'No pages yet.',
  newPage: 'New page',
  newPageTitle: 'New page',
  notPublished: 'Not published',
  deletePage: 'Delete page',
  deleteQuestion: (title: string) => `Delete the page “${title}”? Its address stops working at once.`,
  deleted: 'Page deleted.',
  navigationHeading: 'Navigation',
  navigationHint:
    'The header’s and the footer’s links: add, remove, rename and reorder them. The Services link keeps its menu of services.',
} as const;

/** Refusals of the pages' words, beside the field or above the form. */
export const PAGES_MESSAGES = {
  tooMany: (item: string, max: number) => `Add at most ${max} ${item.toLowerCase()}s.`,
  atLeastOne: (item: string) => `Keep at least one ${item.toLowerCase()}.`,
  notFound: 'There is no such page.',
  conflict:
    'Someone else saved this page after you opened it. Your words are kept in the form: copy what you need, reload to see theirs, then save again.',
  revisionNotFound: 'That version is no longer in the history.',
  addressFormat: 'Use lowercase letters, digits and single hyphens, like careers or our-team.',
  addressReserved: (address: string) => `/${address} is one of the site’s own addresses. Choose another, like ${address}-info.`,
  addressTaken: (address: string) => `Another page already uses /${address}. Choose another address.`,
  imageAddress: 'Choose an image from the media library (its address starts with /media/), or leave this empty.',
  builtInNotDeleted: 'The site’s own pages and services cannot be deleted.',
  linkAddress: 'Enter a page of this site starting with /, like /about or /careers, or a full address starting with https://.',
} as const;
