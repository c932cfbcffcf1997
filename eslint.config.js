import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers-plugin.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tools/', 'data/', 'coverage/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // React runs only here. The hooks rules run React's compiler over each file (two thirds of lint's time when
    // they also read the server, db and tests).
    files: ['pages/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The layers (docs/architecture.md): each rule names who may not import whom; imports resolve to real files,
    // so a path that climbs by any number of `../` is caught (eslint/layers-plugin.js).
    files: ['**/*.{ts,tsx}'],
    plugins: { layers },
    rules: {
      'layers/no-cycle': 'error',
      'layers/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./pages', './components'],
              from: ['./server', './db', './scripts'],
              message: 'Pages and components run in the browser: they reach the server through +data.ts services or the JSON API.',
            },
            {
              target: './shared',
              from: './',
              except: ['./shared', './node_modules'],
              message: 'shared/ runs in the browser and on the server: it imports only shared/.',
            },
            {
              target: './db',
              from: ['./server', './pages', './components', './scripts'],
              message: 'db/ is the lowest layer: services call queries, never the other way.',
            },
            {
              target: './db/migrations',
              from: './',
              except: ['./db/migrations', './node_modules'],
              message: 'A migration is frozen in time: copy what it needs into it (see 2026-11-22-001-initial.ts).',
            },
          ],
        },
      ],
    },
  },
);
