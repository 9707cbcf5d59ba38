// 全局配置 backup.cron / backup.keep are checked when saved, so the schedule never silently stops on a typo.
import { registerHooks } from '../db/hooks';
import { invalid } from '../errors';
import { parseCron } from './cron';

export const CRON_INVALID =
  '备份时间（cron）格式不正确：应为 5 段“分 时 日 月 周”，如 0 3 * * *（每天 3:00）；留空 = 不做定时备份';
export const KEEP_INVALID = '保留定时备份份数须为 1–1000 的整数';

registerHooks('sysConfig', {
  async validate({ body, existing }) {
    const key = String(body.configKey ?? existing?.configKey ?? '');
    const value = String(body.configValue ?? '').trim();
    if (key === 'backup.cron' && value && !parseCron(value))
      throw invalid([{ field: 'configValue', errorMsg: CRON_INVALID }], CRON_INVALID);
    if (key === 'backup.keep' && !(/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1000))
      throw invalid([{ field: 'configValue', errorMsg: KEEP_INVALID }], KEEP_INVALID);
  },
});
