import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const features = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const app = ['routes', 'app.tsx', 'main.tsx', 'router.tsx', 'routeTree.gen.ts'].map(
  (name) => `${web}/${name}`,
);
const shared = [`${web}/components`, `${web}/hooks`, `${web}/lib`];

/**
 * The web app's imports point one way: shared (components, hooks, lib) → entities → features →
 * app (routes and the files that start the app). A feature uses no other feature: what two
 * need lives below them (docs/decisions/020-web-layers.md). `src/test` builds the whole app for
 * the tests, so it stands outside the layers.
 */
const webLayers = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to src/entities or src/lib.',
  })),
  {
    target: [`${web}/features`, `${web}/entities`, ...shared],
    from: app,
    message: 'Only the app (routes, router, main) imports the app.',
  },
  {
    target: [`${web}/entities`, ...shared],
    from: `${web}/features`,
    message: 'Shared code and entities import no feature.',
  },
  {
    target: shared,
    from: `${web}/entities`,
    message: 'components, hooks and lib import no entity.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/web/src/routeTree.gen.ts',
      'apps/web/src/lib/api/schema.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by convention, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/web/tsconfig.json`,
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webLayers },
      ],
      'react-refresh/only-export-components': 'off',
      // Ideas, comments and brainstorms are user and model text: shown as text, never as HTML.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'User and model text is rendered as text, never as HTML.',
        },
        {
          selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
          message: 'User and model text is rendered as text, never as HTML.',
        },
        {
          selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'User and model text is rendered as text, never as HTML.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
