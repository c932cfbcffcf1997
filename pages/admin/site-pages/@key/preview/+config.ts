import type { Config } from 'vike/types';

// Shows a page's draft as visitors will see it once published: HTML only, in the site's own frame.
export default { clientHooks: false, adminFrame: false } satisfies Config;
