// Renders the whole <Admin> at a URL, with fresh providers over the fake API.
import { render } from '@testing-library/react';
import { App } from '../../src/client/App';
import { createAuthProvider } from '../../src/client/providers/authProvider';
import { createDataProvider } from '../../src/client/providers/dataProvider';
// The signed-in shell is a lazy chunk of the app: loaded with the test file rather than inside the first test's time
// limit (each file adds the lazy pages its tests open the same way).
import '../../src/client/layout/AppLayout';

export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App dataProvider={createDataProvider()} authProvider={createAuthProvider()} />);
}
