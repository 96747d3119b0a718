// One lint config for client, server, tests and scripts (ESLint 9 flat config).
// .astro files are type-checked by `astro check` and formatted by Prettier; ESLint reads TS/TSX/JS only.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { architecture } from './eslint.architecture.js';

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'build/**',
      '.astro/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Browser code: the console, client plumbing, pages' scripts.
    files: ['src/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Kysely's documented migration pattern: `Kysely<any>`, since a migration must not depend on today's schema types.
    files: ['server/core/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Accessibility of every island's JSX (labels, roles, keyboard access, alt texts).
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The public site and the sign-in page ship to every visitor: they may not pull in the console (its kit,
    // stores and screens). What they share with it lives in src/kit/ui/ and src/kit/text/ (and the ky instance, src/kit/http.ts).
    files: ['src/features/public/**/*.{ts,tsx}', 'src/features/auth/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@kit(/(?!ui/|text/|http$|cookies$).*)?$|(^|/)app/',
              message: 'Public and sign-in code may not import the console; use src/kit/ui/ for shared parts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared UI must stay free of the console too, or the boundary above leaks through it.
    files: ['src/kit/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@kit$|^\\.\\./[^u]|(^|/)app/', message: 'src/kit/ui/ may not import the console kit.' }] },
      ],
    },
  },
  architecture,
);
