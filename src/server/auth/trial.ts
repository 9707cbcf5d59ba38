// Trial accounts (authFlag 0): the trial runs trial.days (全局配置) from the day the account was created. An
// expired trial still logs in and reads; writes, calculations and exports are refused (auth/guard.ts).
const DAY_MS = 86_400_000;

export const TRIAL_ENDED = '试用期已结束，请联系管理员开通正式账号';

export interface TrialStatus {
  /** Whole days left, counting a started day as a day; 0 once it has ended. */
  daysLeft: number;
  expired: boolean;
}

export function trialStatus(createDate: Date | string, days: number, now: number): TrialStatus {
  const end = new Date(createDate).getTime() + days * DAY_MS;
  return { daysLeft: Math.max(0, Math.ceil((end - now) / DAY_MS)), expired: now >= end };
}
