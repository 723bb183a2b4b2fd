import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import App from './App';
import './global.css';

// Real paths (/signalements), not react-admin's default hash routes: links from search results,
// notifications and e-mails point at them. The static server falls back to index.html.
// A data router (as react-admin's own), so that a form with unsaved changes can hold a navigation
// (react-admin's warnWhenUnsavedChanges uses react-router's useBlocker).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
