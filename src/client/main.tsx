import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromUrl } from './auth/urlToken';
import App from './App';

// A token handed over in the URL is stored and removed from the address bar before anything renders.
adoptTokenFromUrl();

// (a render that failed and was redone: the error React recovered from is its `cause`, which its own log leaves out)
const onRecoverableError = (err: unknown) => console.error(err, (err as { cause?: unknown })?.cause);

createRoot(document.getElementById('root')!, { onRecoverableError }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
