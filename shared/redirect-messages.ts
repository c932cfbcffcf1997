/*
 * The redirects' words (docs/product.md#redirects): why a redirect is refused, as the admin shows it beside its
 * field and an import's report lists it, and the manager's own texts. Only the admin and the server read this module.
 */
export const REDIRECT_MESSAGES = {
  fromRequired: 'Enter the old address, a path such as /old-page.',
  fromNotPath: 'Enter a path of this site that starts with / (such as /old-page), not a full web address.',
  fromTooLong: (max: number) => `The old address is too long: at most ${max} characters.`,
  toRequired: 'Enter where it goes: a path such as /blog/new-post, or a full address starting with https://.',
  toNotTarget: 'Enter a path that starts with / (such as /blog/new-post) or a full address starting with http:// or https://.',
  toTooLong: (max: number) => `The new address is too long: at most ${max} characters.`,
  loopsToItself: 'This redirect would send the address to itself. Choose a different destination.',
  loops: (via: string) => `This would make a loop: ${via} already redirects back here. Change or delete that redirect first.`,
  chain: (to: string, next: string) =>
    `${to} already redirects to ${next}. Point this redirect straight at ${next}, so visitors take one step.`,
  chainedFrom: (from: string) =>
    `${from} already redirects here, so visitors would take two steps. Change that redirect to the new destination first.`,
  shadowsArea: (area: string) => `${area} belongs to the site itself; a redirect cannot take over its addresses.`,
  shadowsPage: (path: string) => `${path} is one of the site’s own pages; a redirect cannot hide it.`,
  shadowsLive: (path: string) => `${path} is a live page or post. Unpublish or delete it first, or choose another old address.`,
  alreadyThere: (from: string) => `${from} already redirects there.`,
  taken: (from: string, to: string) => `${from} already redirects to ${to}. Edit that redirect instead.`,
  gone: 'This redirect no longer exists: someone deleted it. Reload the page.',
  added: (from: string, to: string) => `Added: ${from} now redirects to ${to}.`,
  saved: (from: string, to: string) => `Saved: ${from} redirects to ${to}.`,
  deleted: (from: string) => `Deleted the redirect from ${from}.`,
  csvEmpty: 'The file has no redirects. Its first line is from,to,status and each line after it one redirect.',
  csvHeader: 'The file’s first line must be the header from,to,status (as Export CSV writes it).',
  csvTooMany: (max: number) => `The file has more than ${max} redirects. Split it into smaller files.`,
  csvCells: 'Each line needs three values: from, to and status (301 or 302).',
  csvLine: (line: number, message: string) => `Line ${line}: ${message}`,
  csvRefused: (count: number) =>
    `Nothing was imported: ${count === 1 ? 'one line has' : `${count} lines have`} a problem. Fix ${count === 1 ? 'it' : 'them'} and import the file again.`,
  csvImported: (added: number, unchanged: number) =>
    `Imported ${added === 1 ? 'one redirect' : `${added} redirects`}${unchanged ? `; ${unchanged} already there` : ''}.`,
  badStatus: 'Choose 301 (moved for good) or 302 (moved for now).',
} as const;

/** The Redirects page's own words (pages/admin/redirects). */
export const REDIRECT_TEXT = {
  title: 'Redirects',
  intro:
    'Old addresses that keep working: a visitor asking for From is sent to To. Use 301 when the page moved for good (search engines move its ranking), 302 when it moved for now.',
  add: 'Add redirect',
  adding: 'New redirect',
  editing: (from: string) => `Edit the redirect from ${from}`,
  save: 'Save redirect',
  cancel: 'Cancel',
  /** The row's buttons show the short word; screen readers hear which redirect (the long one). */
  editShort: 'Edit',
  edit: (from: string) => `Edit ${from}`,
  deleteShort: 'Delete',
  delete: (from: string) => `Delete ${from}`,
  deleteQuestion: (from: string) => `Delete the redirect from ${from}? Visitors asking for it will get “Page not found”.`,
  deleteConfirm: 'Yes, delete it',
  from: 'From',
  fromHint: 'An old address of this site, such as /old-page or /?p=123.',
  to: 'To',
  toHint: 'A path of this site, such as /blog/new-post, or a full address starting with https://.',
  type: 'Type',
  types: { 301: '301 · moved for good', 302: '302 · moved for now' },
  hits: 'Hits',
  lastHit: 'Last hit',
  origin: 'Made by',
  actions: 'Actions',
  origins: { staff: 'Staff', import: 'Import', blog: 'Blog (a post’s old address)' },
  never: 'Never',
  notCounted: 'Not counted',
  none: 'No redirects yet.',
  blogHint:
    'Redirects made by “Blog” are a post’s old addresses: they follow the post and change with it. To change one, change the post’s address in the blog editor; deleting the post removes them.',
  list: 'Every redirect',
  csv: 'CSV',
  csvIntro: 'One redirect a line, after the header from,to,status. A file with a bad line imports nothing: each bad line is listed.',
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
  csvFile: 'CSV file',
} as const;

/** "Export site content" at the foot of Site settings (docs/product.md#site-export). */
export const EXPORT_TEXT = {
  heading: 'Export site content',
  intro:
    'Download the posts, pages, navigation, settings, redirects and images as one zip archive in an open format. It holds no leads, analytics or staff accounts.',
  button: 'Export site content',
} as const;
