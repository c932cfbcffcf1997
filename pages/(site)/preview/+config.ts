import type { Config } from 'vike/types';

// A post's preview through a share link: HTML only, like the public post page it shows.
export default { clientHooks: false } satisfies Config;
