import { z } from 'zod';

// The console's Content-Security-Policy has no 'unsafe-eval' (plugins/staff-spa.ts). Without
// this, zod (through @dars/contract's constants) probes `new Function('')` once, and the browser
// reports the refused probe as a CSP violation. Imported first by main.tsx.
z.config({ jitless: true });
