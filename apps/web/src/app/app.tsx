import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppStart } from './app-start';
import { DataProvider } from './provider';
import { routes } from './router';

// Created when this module loads, so the route modules of the address start loading at once,
// beside the app start's requests.
const router = createBrowserRouter(routes);

/**
 * The app below the styles: data providers, the app start, then the routes. Loaded by
 * `AppBoot` after the first paint; the styles come from there.
 */
export default function App() {
  return (
    <DataProvider>
      <AppStart>
        <RouterProvider router={router} />
      </AppStart>
    </DataProvider>
  );
}
