import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { type Plugin, defineConfig } from 'vite';

/**
 * The browser runs Preact through preact/compat; the server keeps rendering with React 19. React's browser
 * runtime alone is ~67 KB gzipped, two thirds of an interactive page's 100 KB budget; Preact's is ~10 KB.
 * Pages therefore use only what both implement: docs/decisions/005-preact-in-the-browser.md.
 */
const preactAliases: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': fileURLToPath(new URL('components/preact/client.ts', import.meta.url)),
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

function preactInBrowser(): Plugin {
  return {
    name: 'preact-in-browser',
    enforce: 'pre',
    // The client environment only: SSR must stay on React so vike-react's server renderer is untouched.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId(source, importer, options) {
      const target = preactAliases[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [preactInBrowser(), vike(), react()],
  build: { target: 'es2022' },
});
