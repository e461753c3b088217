import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppStart } from './app-start';
import { AppProvider } from './provider';
import { routes } from './router';

const router = createBrowserRouter(routes);

/** The whole client: providers, the app start, then the routes. */
export function App() {
  return (
    <AppProvider>
      <AppStart>
        <RouterProvider router={router} />
      </AppStart>
    </AppProvider>
  );
}
