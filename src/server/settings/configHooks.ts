// sysConfig rules: secret settings (the SMS gateway key) are write-only — reads answer a mask, and saving the
// mask back keeps the stored value.
import { registerHooks } from '../db/hooks';
import { SECRET_KEYS, SECRET_MASK } from './settings';

registerHooks('sysConfig', {
  async validate({ body, existing }) {
    if (existing && SECRET_KEYS.has(String(body.configKey)) && body.configValue === SECRET_MASK)
      body.configValue = existing.configValue;
  },
  async decorate({ records }) {
    for (const r of records) if (SECRET_KEYS.has(String(r.configKey))) r.configValue = r.configValue ? SECRET_MASK : '';
  },
});
