// One way to pick an image and upload it at once (the avatar, a feedback screenshot): the file is checked here
// first (type, size — the server checks the bytes again), the input is reset so the same file can be picked
// again, and `busy` / `error` drive the button and the hint below it.
import { useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from './useConfirmedAction';

export function useImageUpload<T>(opts: {
  check: (file: File) => string | null;
  upload: (file: File) => Promise<T>;
  done: (result: T) => void | Promise<void>;
  /** also told of every problem (a toast), besides the hint */
  failed?: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const fail = (message: string) => {
    setError(message);
    opts.failed?.(message);
  };

  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be picked again
    if (!file) return;
    const bad = opts.check(file);
    setError(undefined);
    if (bad) return fail(bad);
    setBusy(true);
    try {
      await opts.done(await opts.upload(file));
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return { input, busy, error, picked, open: () => input.current?.click() };
}
