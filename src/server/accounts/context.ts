// What the account routes share: the database, 全局配置, the clock (tests move it) and the data dir (the SMS
// outbox of the development sender).
import type { Db } from '../db/database';
import type { Settings } from '../settings/settings';

export interface AccountsContext {
  db: Db;
  settings: Settings;
  now: () => number;
  dataDir: string;
}
