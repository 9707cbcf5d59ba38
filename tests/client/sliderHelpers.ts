// Slider test helpers: a puzzle as GET sso/slider answers it, and a drag of the open dialog's handle.
import { fireEvent, screen } from '@testing-library/react';

export const challenge = (id: string) => ({
  id,
  width: 320,
  height: 160,
  size: 56,
  y: 40,
  background: 'data:image/png;base64,AAAA',
  piece: 'data:image/png;base64,BBBB',
});

/** Drags the handle of the open slider dialog by dx screen px (jsdom: 1 screen px = 1 image px). */
export function drag(dx: number) {
  const handle = screen.getByRole('slider', { name: '拖动滑块' });
  fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
  fireEvent.pointerMove(window, { clientX: 10 + dx / 2, pointerId: 1 });
  fireEvent.pointerMove(window, { clientX: 10 + dx, pointerId: 1 });
  fireEvent.pointerUp(window, { clientX: 10 + dx, pointerId: 1 });
}

/** The UTF-8 text of a base64 password. */
export const unb64 = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
