import type { Config } from 'vike/types';

// Shows a post as visitors will see it: HTML only, like the public post page.
export default { clientHooks: false } satisfies Config;
