// ESLint for the whole repository: typescript-eslint with type information, for the mistakes a
// formatter cannot see (a promise nobody awaits, a promise where a callback is expected, code
// that is never used) and one import style. Formatting is Prettier's job (prettier.config.js).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.next/**",
      "**/.turbo/**",
      "**/.data/**",
      "test-results/**",
      "dashboard/next-env.d.ts",
      "services/kafka-mock/bin/**",
      // Written by a generator and compared with its output by a test.
      "**/*.generated.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig.json of its package; the few files no package
        // includes (root scripts, configs) with the base settings.
        projectService: {
          allowDefaultProject: ["*.ts", "scripts/*.ts"],
          defaultProject: "tsconfig.base.json",
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Promises: every one awaited, returned or explicitly voided; none where a callback is expected.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-implied-eval": "error",
      // A value typed `any` (JSON.parse, an untyped library) is checked or given a type before it is used.
      "@typescript-eslint/no-unsafe-argument": "error",
      "@typescript-eslint/no-unsafe-assignment": "error",
      "@typescript-eslint/no-unsafe-call": "error",
      "@typescript-eslint/no-unsafe-member-access": "error",
      "@typescript-eslint/no-unsafe-return": "error",
      // A type assertion that changes nothing hides where a type really is narrowed.
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      // A variable read by a callback declared before its one assignment stays a `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Unused code.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // One import style: a type-only import says so with `import type`.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "separate-type-imports" },
      ],
      "@typescript-eslint/no-import-type-side-effects": "error",
      // and a relative import names the module, not a file extension (the bundlers, tsx and vitest resolve it).
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.{1,2}/.*\\.js$", message: "Import the module without the .js extension." }] },
      ],
    },
  },
  {
    // Tests read JSON answers loosely on purpose; the product's code states its types.
    files: ["**/*.test.ts", "test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // The SDK is published: its declaration files keep the extensions that Node's ESM resolution needs.
    files: ["sdk/**/*.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // The SDK's tests and scripts are typechecked by their own tsconfig, apart from the published core.
    files: ["sdk/src/**/*.test.ts", "sdk/scripts/**/*.ts"],
    languageOptions: { parserOptions: { projectService: false, project: "sdk/tsconfig.test.json" } },
  },
  {
    // Plain JavaScript files have no types to check.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // CommonJS has no other way to import.
    files: ["**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { module: "writable", require: "readonly", __dirname: "readonly" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
