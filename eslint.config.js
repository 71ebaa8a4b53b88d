// Flat config: typescript-eslint's recommended rules over every TypeScript file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'spec/generated/**', 'out/**', 'conformance-report/**', 'dist/**', 'dist.*/**', '.compiled/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // the plain-JavaScript scripts that run before anything is compiled (scripts/run-compiled.mjs): Node's globals
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
);
