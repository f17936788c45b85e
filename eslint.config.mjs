// ESLint flat config: TypeScript, the rules of hooks, Next's rules and the layer rules (eslint/layers.mjs).
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import next from "@next/eslint-plugin-next";
import layers from "./eslint/layers.mjs";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      ".data/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "tests/e2e/.out/**",
      "cloud/db/migrations/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  ...tseslint.configs.recommended,
  {
    // React lives in the console only; the cloud has functions called use… that are not hooks.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { "@next/next": next, layers },
    rules: {
      ...next.configs.recommended.rules,
      // Every image is a tenant's file behind the session-checked proxy, a data: URI or a user's upload preview:
      // next/image's optimizer cannot fetch them with the session, so a plain <img> is the right element.
      "@next/next/no-img-element": "off",
      "layers/no-cross-layer": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true }],
    },
  },
);
