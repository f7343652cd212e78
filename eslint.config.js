import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What no file under src/core may import (the last five: layers above core, and the worker transport). */
const CORE_FORBIDDEN = [
  'react',
  'react-dom',
  'idb',
  'cytoscape',
  'comlink',
  '**/app/*',
  '**/workers/*',
  '**/ui/*',
  '**/persist/*',
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'models/**/*.onnx'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Core stays framework-free and below the app: no React, idb, Cytoscape or comlink, and nothing from
    // app, workers, ui or persist (docs/architecture.md, "Layers").
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: CORE_FORBIDDEN }],
    },
  },
  {
    // The HGT model does not depend on link-prediction evaluation or on the app-side glue above both.
    files: ['src/core/ml/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...CORE_FORBIDDEN, '**/linkpred/*', '**/link-model/*', '**/eval/*'] },
      ],
    },
  },
  {
    // The link-prediction protocol evaluates models it is given; it imports no model code.
    files: ['src/core/linkpred/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...CORE_FORBIDDEN, '**/ml/hgt/*', '**/link-model/*'] }],
    },
  },
  {
    // The graph as tensors sits below both the HGT and the link-prediction protocol.
    files: ['src/core/graph-tensors/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...CORE_FORBIDDEN, '**/ml/**', '**/linkpred/*', '**/link-model/*'] },
      ],
    },
  },
);
