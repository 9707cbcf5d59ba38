// The one helper for calls the server may guard with the slider check (login, sendSmsCode):
// it runs the call; an answer "请完成滑块验证" with data.needSlider (HTTP 400, code 0) opens the slider and
// repeats the same call with the sliderToken. Any other failure that carries needSlider (a wrong password
// past the threshold) is shown as it is, and the NEXT run asks for the slider before calling.
import { HttpError } from 'ra-core';

export const SLIDER_REQUIRED = '请完成滑块验证';

/** The failure says the slider is needed (for this call or the next one). */
export function needsSlider(err: unknown): boolean {
  const body = (err as HttpError | null)?.body as { data?: { needSlider?: unknown } } | null | undefined;
  return err instanceof HttpError && !!body && typeof body === 'object' && body.data?.needSlider === true;
}

/** The call was refused without being done: only a slider token lets it through. */
export const sliderRequired = (err: unknown) => needsSlider(err) && (err as HttpError).message === SLIDER_REQUIRED;

/** Runs a call through the slider check (what useSlider's `run` is). */
export type SliderRun = <T>(call: (sliderToken?: string) => Promise<T>) => Promise<T>;

export interface SliderState {
  /** The previous answer said the next call needs the slider. */
  armed: boolean;
}

/**
 * Runs `call`, getting a slider token from `ask` (which shows the slider and rejects when the user closes
 * it) when the server wants one. A token is used once; a refused token asks again, at most `tries` times.
 */
export async function withSlider<T>(
  call: (sliderToken?: string) => Promise<T>,
  ask: () => Promise<string>,
  state: SliderState = { armed: false },
  tries = 3,
): Promise<T> {
  let token: string | undefined;
  if (state.armed) token = await ask();
  state.armed = false;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(token);
    } catch (err) {
      if (sliderRequired(err) && attempt < tries) {
        token = await ask();
        continue;
      }
      if (needsSlider(err)) state.armed = true;
      throw err;
    }
  }
}
