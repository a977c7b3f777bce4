// @ts-check
/**
 * Lint enforces the layering the folders promise (design.md "Shape"): which process may import what, and who
 * may touch the bridge. Formatting is Prettier's job (.prettierrc.json), so no stylistic rules here.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...new Set(builtinModules.map((name) => name.replace(/^node:/, '')))];

const electronForbidden = {
  name: 'electron',
  message:
    'Only the Electron shell (src-main/index.ts, window.ts, ipc.ts, app-protocol.ts) and src-preload/index.ts import electron.',
};
const ipcForbidden = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'IPC goes through the contract: only src-main/ipc.ts and src-preload/index.ts touch ipcMain/ipcRenderer.',
};
const nodeForbidden = {
  paths: nodeBuiltins.flatMap((name) => [
    { name, message: 'The renderer and the shared contract run without Node: no Node built-ins.' },
    { name: `node:${name}`, message: 'The renderer and the shared contract run without Node: no Node built-ins.' },
  ]),
  patterns: [
    { group: ['node:*'], message: 'The renderer and the shared contract run without Node: no Node built-ins.' },
    ...nodeBuiltins.map((name) => ({ group: [`${name}/*`], message: 'No Node built-ins here.' })),
  ],
};

/** `import('electron')` and `require('electron')` would slip past no-restricted-imports. */
const dynamicElectron = [
  {
    selector:
      "ImportExpression[source.value='electron'], CallExpression[callee.name='require'][arguments.0.value='electron']",
    message: electronForbidden.message,
  },
];
const dynamicNode = [
  {
    selector: "ImportExpression[source.value=/^node:/], CallExpression[callee.name='require']",
    message: 'The renderer and the shared contract run without Node: no require, no Node built-ins.',
  },
];
/**
 * window.wallet is read in exactly one module of the renderer's bundle, everything else imports `wallet` from
 * it; and by the launch script that asks main's start-up questions before the bundle runs.
 */
const walletAccess = [
  {
    selector:
      "MemberExpression[object.name=/^(window|globalThis|self|top|parent|frames)$/][property.name='wallet'], MemberExpression[object.name=/^(window|globalThis|self|top|parent|frames)$/][property.value='wallet']",
    message: 'Read window.wallet only in src-renderer/src/bridge.ts; import { wallet } from there.',
  },
  {
    selector:
      "VariableDeclarator[init.name=/^(window|globalThis|self)$/] > ObjectPattern > Property[key.name='wallet']",
    message: 'Read window.wallet only in src-renderer/src/bridge.ts; import { wallet } from there.',
  },
];

/** Main-process folders that stay free of Electron so tests and the browser harness can run them. */
const electronFreeMain = [
  'src-main/features/**',
  'src-main/service/**',
  'src-main/auth/**',
  'src-main/settings/**',
  'src-main/keychain/**',
  'src-main/logging/**',
  'src-main/shell/**',
  'src-main/app-core.ts',
  'src-main/dispatch.ts',
  'src-main/app-error.ts',
  'src-main/links.ts',
];

/**
 * A feature reaches another feature through that feature's index.ts (its public surface), never into its
 * files; the shared folders are the exception: money (amounts, refusals, roles, the intent ledger) and
 * addresses (address checks). Sharing something new means moving it there, not importing a sibling's file.
 */
const sharedFeatures = ['money', 'addresses'];
const crossFeature = {
  // '../send/x' from a sibling feature, or '…/features/send/x' from anywhere: a file inside another feature.
  regex: `^(\\.\\./|.*/features/)(?!(${sharedFeatures.join('|')})/)[^./][^/]*/`,
  message:
    "Import another feature through its index (e.g. '../session'), or move what both need into features/money or features/addresses.",
};

/**
 * The service clients sit below the features: features call service/, never the other way round, so a
 * client can be read and tested without any feature. What both need (the wire amount, the six-digit code
 * rule) lives in service/ or beside app-error.ts.
 */
const serviceBelowFeatures = {
  regex: '(^|/)features(/|$)',
  message:
    'src-main/service/ sits below the features and never imports src-main/features/; move what both need into service/.',
};
const dynamicServiceToFeatures = {
  selector: 'ImportExpression[source.value=/(^|\\/)features(\\/|$)/]',
  message: serviceBelowFeatures.message,
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      '.harness-data/**',
      'coverage/**',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // A variable a closure reads before its one assignment (a server handler wired after listen) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-imports': ['error', { paths: [ipcForbidden] }],
    },
  },
  {
    // Type-aware habits: a promise is awaited or deliberately handed off, and a switch over a union names
    // every member. Each file is checked by the tsconfig nearest to it (the process's own).
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A default does not excuse a union's unnamed members: a new member is placed in every switch on purpose.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: electronFreeMain,
    rules: {
      'no-restricted-imports': ['error', { paths: [electronForbidden] }],
      'no-restricted-syntax': ['error', ...dynamicElectron],
    },
  },
  {
    files: ['src-main/features/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronForbidden], patterns: [crossFeature] }],
    },
  },
  {
    files: ['src-main/service/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronForbidden], patterns: [serviceBelowFeatures] }],
      'no-restricted-syntax': ['error', ...dynamicElectron, dynamicServiceToFeatures],
    },
  },
  {
    // The renderer, and the preload modules the renderer shares (contract, result, wallet-api, bridge).
    files: ['src-renderer/**', 'src-preload/**'],
    ignores: ['src-preload/index.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronForbidden, ...nodeForbidden.paths], patterns: nodeForbidden.patterns },
      ],
      'no-restricted-syntax': ['error', ...dynamicElectron, ...dynamicNode, ...walletAccess],
    },
  },
  {
    files: ['src-renderer/src/bridge.ts', 'src-renderer/public/launch-requests.js'],
    rules: {
      'no-restricted-syntax': ['error', ...dynamicElectron, ...dynamicNode],
    },
  },
  {
    // The two places where IPC meets the contract.
    files: ['src-main/ipc.ts', 'src-preload/index.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src-renderer/**/*.tsx', 'src-renderer/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Resetting state when an effect's input changes is a deliberate pattern in a few screens; keep the hint visible.
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
  {
    // Every text a user reads comes from the catalogues (resources/locales): no words written into JSX, in
    // its children or in the attributes people read (labels, titles, placeholders, alternative texts).
    files: ['src-renderer/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,title,placeholder,alt,caption,heading,description,hint,legend}']] } },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
