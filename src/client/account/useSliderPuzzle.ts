// The slider puzzle's state: fetching a puzzle, moving the piece by pointer drag or arrow keys, and sending the
// piece's left edge (in image px) and the drag time to be verified; a miss loads a new puzzle.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { SliderChallenge } from '../../../schemas/accounts';
import { getSlider, verifySlider } from './accountApi';

export const SLIDER_FAILED = '滑块验证失败，请重试';

interface Drag {
  clientX: number;
  x0: number;
  started: number;
  /** Screen px per image px. */
  scale: number;
}

export function useSliderPuzzle(onSuccess: (sliderToken: string) => void) {
  const [challenge, setChallenge] = useState<SliderChallenge>();
  const [x, setX] = useState(0);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  const keyStart = useRef<number | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const xRef = useRef(0);

  const move = (next: number) => {
    if (!challenge) return;
    const clamped = Math.max(0, Math.min(challenge.width - challenge.size, next));
    xRef.current = clamped;
    setX(clamped);
  };

  const load = useCallback(async () => {
    setBusy(true);
    setX(0);
    xRef.current = 0;
    keyStart.current = null;
    try {
      setChallenge(await getSlider());
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : SLIDER_FAILED);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the puzzle is fetched once the slider shows
    void load();
  }, [load]);

  const verify = async (duration: number) => {
    if (!challenge) return;
    setBusy(true);
    try {
      const { sliderToken } = await verifySlider(challenge.id, Math.round(xRef.current), Math.round(duration));
      onSuccess(sliderToken);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : SLIDER_FAILED);
      await load();
    }
  };

  // while dragging, the window follows the pointer: the handle may be left behind by a fast move
  useEffect(() => {
    if (!dragging) return;
    const onMove = (e: globalThis.PointerEvent) => {
      const d = drag.current;
      if (d) move(d.x0 + (e.clientX - d.clientX) / d.scale);
    };
    const onUp = () => {
      const d = drag.current;
      drag.current = null;
      setDragging(false);
      if (d) void verify(performance.now() - d.started);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a drag's listeners read its start from refs
  }, [dragging]);

  /** The handle's pointerdown: the drag starts, measured against the image as shown. */
  const start = (e: PointerEvent<HTMLElement>) => {
    if (!challenge || busy) return;
    e.preventDefault();
    const width = frame.current?.getBoundingClientRect().width || challenge.width;
    drag.current = { clientX: e.clientX, x0: xRef.current, started: performance.now(), scale: width / challenge.width };
    setError(undefined);
    setDragging(true);
  };

  /** The handle's keys: arrows move (Shift: 10 px), Enter sends. */
  const key = (e: KeyboardEvent<HTMLElement>) => {
    if (!challenge || busy) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      keyStart.current ??= performance.now();
      move(xRef.current + (e.key === 'ArrowRight' ? step : -step));
    } else if (e.key === 'Enter' && keyStart.current !== null) {
      e.preventDefault();
      void verify(performance.now() - keyStart.current);
    }
  };

  /** 刷新: a new puzzle, the last message cleared. */
  const refresh = () => {
    setError(undefined);
    void load();
  };

  return { challenge, x, busy, error, dragging, frame, start, key, refresh };
}
