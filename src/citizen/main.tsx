import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

/**
 * The citizens' page (signaler.html, served at /signaler and /signaler/suivi/…): plain React and hand-made CSS,
 * none of the back-office (react-admin, MUI, its shell); the map's Leaflet loads only with a map. Installable
 * (signaler.webmanifest) and usable offline after a first visit: its own service worker, scoped to /signaler,
 * precaches the page alone (scripts/citizenServiceWorker.ts).
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/signaler-sw.js', { scope: '/signaler' }).catch(() => undefined));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App path={window.location.pathname} search={window.location.search} />
  </StrictMode>,
);
