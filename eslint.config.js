import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tools/', 'data/', 'coverage/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The browser runs Preact (docs/decisions/005-preact-in-the-browser.md): React 19-only APIs would render on
    // the server and then fail after hydration.
    files: ['pages/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['use', 'useActionState', 'useOptimistic', 'useEffectEvent', 'Activity', 'cache'],
              message: 'Not in preact/compat, which runs in the browser (docs/decisions/005).',
            },
            { name: 'react-dom', importNames: ['useFormStatus', 'preload', 'preinit'], message: 'Not in preact/compat (docs/decisions/005).' },
          ],
        },
      ],
    },
  },
);
