import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    // Screens reach diary data through the data layer's index only: the guest and account
    // implementations, and the repository itself, stay behind it (lib/data/index.ts).
    files: ['app/**', 'components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/data/*', '**/lib/data/*'],
              message: "Screens import diary data from '@/lib/data' only (its hooks, keys and errors).",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^@\\/lib\\/data\\//]',
          message: "Screens import diary data from '@/lib/data' only (its hooks, keys and errors).",
        },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    'node_modules/**',
    'public/sw.js',
    'public/import-worker.js',
    'test-results/**',
    'playwright-report/**',
    'data/**',
    'next-env.d.ts',
  ]),
]);
