// What the login page hands each of its tab forms: the busy flag, the page's message, the slider helper and
// where to go after logging in.
import type { AuthAlert } from './AuthCard';

export type SliderRun = <T>(call: (sliderToken?: string) => Promise<T>) => Promise<T>;

export interface LoginFormProps {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setAlert: (alert: AuthAlert | undefined) => void;
  run: SliderRun;
  redirect: string;
}

export const failureText = (err: unknown, fallback = '登录失败，请重试') => (err instanceof Error && err.message ? err.message : fallback);

/** Runs a tab's login call under its busy flag; a failure is shown with the server's message. */
export async function attemptLogin({ setBusy, setAlert }: LoginFormProps, call: () => Promise<unknown>): Promise<void> {
  setBusy(true);
  setAlert(undefined);
  try {
    await call();
  } catch (err) {
    setAlert({ message: failureText(err), severity: 'error' });
    setBusy(false);
  }
}
