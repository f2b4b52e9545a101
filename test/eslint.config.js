// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // src/cli/api-types.ts is generated (npm run gen:api-types) from the OpenAPI document.
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'src/cli/api-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // The web console's modules run in the browser as they are (no bundler): browser globals, not Node's.
    files: ['src/console/public/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        [
          'AbortController', 'Blob', 'FormData', 'Node', 'TextDecoder', 'URL', 'clearInterval', 'clearTimeout', 'document',
          'fetch', 'location', 'sessionStorage', 'setInterval', 'setTimeout', 'window',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // Entry points and the CLI talk to a terminal on purpose.
    files: ['src/server.ts', 'src/cli/**', 'workers/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
