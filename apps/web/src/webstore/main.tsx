import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n.ts';
import { App } from './app.tsx';
import { preloadFor } from './pages.ts';
import './webstore.css';
import './webstore-controls.css';
import './webstore-home.css';
import './webstore-offer.css';
import './webstore-booking.css';
import './webstore-checkout.css';

// The page's code starts loading beside the store's data, not after it.
preloadFor(window.location.pathname);

const root = document.getElementById('store');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
