import type { Config } from 'vike/types';

// Shows a post exactly as visitors will see it: HTML only, like the public post page, in the site's own frame
// (header, footer) rather than the admin's.
export default { clientHooks: false, adminFrame: false } satisfies Config;
