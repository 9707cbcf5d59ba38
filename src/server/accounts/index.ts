// Accounts: everything a person does with their own account — password and SMS login, the slider
// check, registration of trial accounts, password reset, account settings (profile, password, avatar) — and
// the 全局配置 keys they read (sms.*, login.slider*, trial.days). Sessions, tokens and the auth guard stay in
// ../auth/.
import type { FastifyInstance } from 'fastify';
import type { AccountsContext } from './context';
import { loginRoutes } from './loginRoutes';
import { profileRoutes } from './profileRoutes';
import { registerRoutes } from './registerRoutes';
import { sliderRoutes } from './sliderRoutes';
import { smsRoutes } from './smsRoutes';

export type { AccountsContext };

export function accountRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  sliderRoutes(app, ctx);
  loginRoutes(app, ctx);
  smsRoutes(app, ctx);
  registerRoutes(app, ctx);
  profileRoutes(app, ctx);
}
