// The Cairo font from npm (never a CDN), the weights both apps use, Arabic and Latin subsets.
// Imported for its side effect: `import '@dars/ui/fonts'`.
import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/latin-400.css';
import '@fontsource/cairo/arabic-600.css';
import '@fontsource/cairo/latin-600.css';
import '@fontsource/cairo/arabic-700.css';
import '@fontsource/cairo/latin-700.css';
