import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { type Plugin, defineConfig } from 'vite';
import { sharingImages } from './scripts/sharing-images.ts';

const SERVER_ROUTING_GET_PAGE_CONTEXT = '\0server-routing-get-page-context';

/**
 * vike-react's `useConfig` imports `vike/getPageContext`, whose browser build is the client router's: with
 * server routing (`clientRouting: false`) that pulls ~8 KB of router into every hydrating page and logs Vike's
 * "don't import vike/client/router" warning. Under server routing the page context only ever comes from the
 * synchronous store that vike-react fills (`providePageContext`), so the browser gets just that.
 */
function serverRoutingPageContext(): Plugin {
  const execHook = fileURLToPath(new URL('../../shared-server-client/hooks/execHook.js', import.meta.resolve('vike/getPageContext')));
  return {
    name: 'server-routing-get-page-context',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId: (source) => (source === 'vike/getPageContext' ? SERVER_ROUTING_GET_PAGE_CONTEXT : null),
    load: (id) =>
      id === SERVER_ROUTING_GET_PAGE_CONTEXT
        ? `export { getPageContext_sync as getPageContext, providePageContext } from ${JSON.stringify(execHook)};`
        : null,
  };
}

export default defineConfig({
  plugins: [serverRoutingPageContext(), vike(), react(), sharingImages()],
  build: { target: 'es2022' },
});
