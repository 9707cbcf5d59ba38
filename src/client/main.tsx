import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromUrl } from './auth/urlToken';
import App from './App';

// A token handed over in the URL is stored and removed from the address bar before anything renders.
adoptTokenFromUrl();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
