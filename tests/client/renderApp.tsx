// Renders the whole <Admin> at a URL, with fresh providers over the fake API.
import { render } from '@testing-library/react';
import { App } from '../../src/client/App';
import { createAuthProvider } from '../../src/client/providers/authProvider';
import { createDataProvider } from '../../src/client/providers/dataProvider';

export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App dataProvider={createDataProvider()} authProvider={createAuthProvider()} />);
}
