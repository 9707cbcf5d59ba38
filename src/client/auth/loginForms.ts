// What the login page hands each of its tab forms: the busy flag, the page's message, the slider helper and
// where to go after logging in.
import { failureText, type AuthAlert } from '../account/AuthCard';
import type { SliderRun } from '../account/withSlider';

export interface LoginFormProps {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setAlert: (alert: AuthAlert | undefined) => void;
  run: SliderRun;
  redirect: string;
}

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
