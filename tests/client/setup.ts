// jsdom setup for the client tests: jest-dom matchers, what jsdom lacks (matchMedia, ResizeObserver), label lookups
// that do not walk the whole page (fastLabels.ts), and a clean DOM, storage and cookie jar between tests and between
// files.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFastLabels } from './fastLabels';

installFastLabels(window);

// The first render of a test file mounts the whole app; on a loaded CI machine that takes over the
// default 1 s of findBy*/waitFor (8 s was once exceeded with both workers busy). A missing element still fails,
// only later.
configure({ asyncUtilTimeout: 15000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => {
      // evaluate simple width queries against the jsdom window width (1024 by default)
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const w = window.innerWidth;
      const matches = (!max || w <= Number(max[1])) && (!min || w >= Number(min[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
}

// Test files share their worker's document (the client projects' isolate: false): what an earlier file left in the
// body after its cleanup (a portal closed late, a spinner of a request still pending) must not be found by this one.
beforeEach(() => {
  document.body.replaceChildren();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  window.history.replaceState(null, '', '/');
});
