import { z } from 'zod';

// The app's Content-Security-Policy has no 'unsafe-eval' (docs/decisions/007). Without this,
// zod probes `new Function('')` once to decide whether to compile parsers, and the browser
// reports the refused probe as a CSP violation. Imported first by main.tsx.
z.config({ jitless: true });
