import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppBoot } from './app/app-boot';
import { prerenderedPage, releaseEarlyClicks } from './app/prerendered-page';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppBoot />
  </StrictMode>
);
if (prerenderedPage()) {
  // A guest's page rendered by the server: take its HTML over. In a transition, React does
  // the work in short slices and lets the browser answer in between.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // Nothing of the server's page will answer: the app renders its own.
  releaseEarlyClicks({ replay: false });
  createRoot(root).render(app);
}

// The service worker (ADR 056): its module is asked for once the page has loaded, and waits
// for the browser to be idle before it registers the worker; nothing of it is on a first
// screen (ADR 041) but this line. Without it (offline before it was kept) the app is as before.
if (import.meta.env.PROD)
  addEventListener('load', () =>
    import('./app/service-worker').then((m) => m.startServiceWorker()).catch(() => {}),
  );
