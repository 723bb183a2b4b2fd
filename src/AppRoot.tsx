import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import App from './App';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * A data router (as react-admin's own), so that a form with unsaved changes can hold a navigation
 * (react-admin's warnWhenUnsavedChanges and the settings page use react-router's useBlocker).
 * Made at the first render, not when the chunk loads: the standalone login preloads this chunk,
 * then moves to / before the app shows, and the router must start from there.
 */
function appRouter() {
  router ??= createBrowserRouter([{ path: '*', element: <App /> }]);
  return router;
}

/** The app under the browser's data router: main.tsx loads it as a chunk of its own. */
export default function AppRoot() {
  return <RouterProvider router={appRouter()} />;
}
