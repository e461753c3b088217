import { z } from 'zod';
import { arabicErrorMap } from './arabic-error-map';

// zod as the contract's modules use it: every module that builds a schema imports `z` from
// here, so this runs before any schema exists, in whatever order a bundler puts the chunks.
// A schema's own message still wins: the Arabic map only fills the gaps zod would fill in
// English. In a browser, zod compiles no parser: the apps' Content-Security-Policy has no
// 'unsafe-eval' (ADR 007), and zod probes `new Function('')` when it builds an object schema,
// which the browser reports as a violation. Here rather than in an app's entry, which loads no
// zod (ADR 041). The server keeps compiling them.
z.config({
  customError: arabicErrorMap,
  ...('document' in globalThis ? { jitless: true } : {}),
});

export { z };
