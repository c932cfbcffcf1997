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
  badStatus: 'Choose 301 (moved for good) or 302 (moved for now).',
} as const;
