// The slider check as a hook: `run(call)` runs an API call through withSlider, opening SliderCaptcha when the
// server asks for it; render `dialog` once in the page. Closing the dialog fails the call with 请完成滑块验证.
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { SliderCaptcha } from './SliderCaptcha';
import { SLIDER_REQUIRED, withSlider, type SliderRun, type SliderState } from './withSlider';

interface Pending {
  resolve: (token: string) => void;
  reject: (err: Error) => void;
}

export function useSlider(): { run: SliderRun; dialog: ReactElement } {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | undefined>(undefined);
  const state = useRef<SliderState>({ armed: false });

  const ask = useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );

  const finish = (token?: string) => {
    const p = pending.current;
    pending.current = undefined;
    setOpen(false);
    if (token) p?.resolve(token);
    else p?.reject(new Error(SLIDER_REQUIRED));
  };

  const run = useCallback(
    <T,>(call: (sliderToken?: string) => Promise<T>) => withSlider(call, ask, state.current),
    [ask],
  );

  return { run, dialog: <SliderCaptcha open={open} onSuccess={(t) => finish(t)} onCancel={() => finish()} /> };
}
