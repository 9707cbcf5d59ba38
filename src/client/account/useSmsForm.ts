// The shared state of the public SMS forms (/register, /reset-password): the fields, the slider, 获取验证码,
// and a submit that checks the form's rules, makes its call and then goes to /login with a notice — or shows
// the server's field errors and message. The slider is asked once per form, for the code: the submit goes
// without it, as the server wants (the code stands for the slider).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverFieldErrors } from '../admin/form/serverFieldErrors';
import { failureText, type AuthAlert } from './AuthCard';
import { setLoginNotice } from '../providers/loginNotice';
import { clearToken } from '../providers/tokenStorage';
import type { SmsPurpose } from './accountApi';
import type { Errors } from './rules';
import { useFields } from './useFields';
import { useSlider } from './useSlider';
import { useSmsCode } from './useSmsCode';

export interface SmsFormOptions<V> {
  purpose: SmsPurpose;
  empty: V;
  validate: (v: V) => Errors;
  /** The call of the form (never through the slider: the code stands for it). */
  call: (v: V) => Promise<unknown>;
  /** Shown on /login after success. */
  notice: string;
  /** Shown when a failure carries no message of its own. */
  failed: string;
}

export function useSmsForm<V extends { phone: string; smsCode: string } & { [K in keyof V]: string }>(
  opts: SmsFormOptions<V>,
) {
  const navigate = useNavigate();
  const slider = useSlider();
  const sms = useSmsCode(opts.purpose, slider.run);
  const fields = useFields(opts.empty);
  const { values, setErrors } = fields;
  const [alert, setAlert] = useState<AuthAlert>();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    setAlert(undefined);
    const r = await sms.send(values.phone);
    setAlert(r.alert);
    if (r.fields) setErrors((e) => ({ ...e, ...r.fields }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = opts.validate(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setAlert(undefined);
    try {
      await opts.call(values);
      clearToken();
      setLoginNotice(opts.notice, 'success');
      navigate('/login');
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setAlert({ message: failureText(err, opts.failed), severity: 'error' });
      setBusy(false);
    }
  };

  return { ...fields, alert, busy, sms, sliderDialog: slider.dialog, sendCode, submit };
}
