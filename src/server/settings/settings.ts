// 全局配置 as the server reads it: the sys_config rows, seeded with defaults from
// db/seed/data/sysConfig.json, read through this one cached accessor. A change through the API invalidates the
// cache at once (app.ts); other replicas re-read the rows at most MAX_AGE_MS later, through the database.
import { readFileSync } from 'node:fs';
import type { Executor } from '../db/database';

export type ConfigRow = {
  configKey: string;
  configName: string;
  configValue: string;
  remarks: string;
};

export const CONFIG_DEFAULTS: ConfigRow[] = JSON.parse(
  readFileSync(new URL('../db/seed/data/sysConfig.json', import.meta.url), 'utf8'),
);

/** Values the config API never answers (write-only secrets). */
export const SECRET_KEYS = new Set(['sms.http.key']);
/** What the API shows instead of a secret that is set. */
export const SECRET_MASK = '******';

const MAX_AGE_MS = 2000;

export class Settings {
  private values?: Map<string, string>;
  private readAt = 0;

  constructor(private readonly db: Executor) {}

  async get(key: string): Promise<string> {
    if (!this.values || Date.now() - this.readAt > MAX_AGE_MS) {
      const rows = (await this.db.selectFrom('sys_config').select(['config_key', 'config_value']).execute()) as {
        config_key: string;
        config_value: string | null;
      }[];
      this.values = new Map(rows.map((r) => [r.config_key, r.config_value ?? '']));
      this.readAt = Date.now();
    }
    return this.values.get(key) ?? CONFIG_DEFAULTS.find((d) => d.configKey === key)?.configValue ?? '';
  }

  /** A whole number setting; the default when the stored text is not one. */
  async int(key: string): Promise<number> {
    const n = Number(await this.get(key));
    if (Number.isInteger(n) && n >= 0) return n;
    return Number(CONFIG_DEFAULTS.find((d) => d.configKey === key)?.configValue ?? 0);
  }

  invalidate(): void {
    this.values = undefined;
  }

  /** For 缓存管理: how many keys are held and when they were read. */
  get size(): number {
    return this.values?.size ?? 0;
  }

  get loadedAt(): Date | null {
    return this.values ? new Date(this.readAt) : null;
  }
}
