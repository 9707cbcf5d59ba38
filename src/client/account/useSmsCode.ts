// 获取验证码: checks the phone, sends the code for a purpose through the slider helper, then counts 60 s
// down (N秒后重新获取) before the next send. The answer is what the form shows: 验证码已发送, the phone's field
// error, or the server's message (验证码发送过于频繁…, the slider closed) — and no countdown after a failure.
import { useEffect, useRef, useState } from 'react';
import { serverFieldErrors } from '../admin/form/serverFieldErrors';
import { failureText, type AuthAlert } from './AuthCard';
import type { SliderRun } from './withSlider';
import { sendSmsCode, type SmsPurpose } from './accountApi';
import { ACCOUNT_MSG, phoneError, type Errors } from './rules';

export const SMS_COOLDOWN_S = 60;

export interface SmsOutcome {
  alert?: AuthAlert;
  fields?: Errors;
}

export function useSmsCode(purpose: SmsPurpose, run: SliderRun) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => () => clearInterval(timer.current), []);

  const countDown = () => {
    clearInterval(timer.current);
    setLeft(SMS_COOLDOWN_S);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) clearInterval(timer.current);
        return Math.max(0, s - 1);
      });
    }, 1000);
  };

  const send = async (phone: string): Promise<SmsOutcome> => {
    const bad = phoneError(phone, true);
    if (bad) return { fields: { phone: bad } };
    setSending(true);
    try {
      await run((sliderToken) => sendSmsCode(phone.trim(), purpose, sliderToken));
      countDown();
      return { alert: { message: ACCOUNT_MSG.codeSent, severity: 'success' } };
    } catch (err) {
      const fields = serverFieldErrors(err);
      return Object.keys(fields).length
        ? { fields }
        : { alert: { message: failureText(err, '验证码发送失败'), severity: 'error' } };
    } finally {
      setSending(false);
    }
  };

  return { send, left, busy: sending || left > 0, label: left > 0 ? `${left}秒后重新获取` : '获取验证码' };
}
