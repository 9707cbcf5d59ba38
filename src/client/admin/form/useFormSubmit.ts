// One way to submit a hand-made form (account profile, feedback, notice): the client's check first — its errors
// under their fields and the first as a toast — then the call; a refusal's code-2 errors land under their fields
// and its message is shown. `busy` disables the form meanwhile.
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../useConfirmedAction';
import { serverFieldErrors } from './serverFieldErrors';

type Errors = Record<string, string>;

export function useFormSubmit(setErrors: (errors: Errors) => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const submit = async (errors: Errors, send: () => Promise<void>): Promise<void> => {
    setErrors(errors);
    const first = Object.values(errors)[0];
    if (first) return void notify(first, { type: 'error' });
    setBusy(true);
    try {
      await send();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit };
}
