// A tenant's sign-off rules (how many levels sign, whether one person may sign twice, the report number's prefix):
// the body that saves them, the answer that shows them, and the server's refusals in words.
import type { FromSchema } from 'json-schema-to-ts';
import { sysTenant } from './resources/sysTenant';

/** A tenant's own sign-off rules, set by its group admin on /review (the super admin: 集团租户). */
export const signoffSettingsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['signoffLevels', 'signoffSamePerson'],
  properties: {
    signoffLevels: sysTenant.properties.signoffLevels,
    signoffSamePerson: sysTenant.properties.signoffSamePerson,
    reportPrefix: sysTenant.properties.reportPrefix,
  },
} as const;
export type SignoffSettings = FromSchema<typeof signoffSettingsBody>;

export interface SignoffSettingsAnswer extends SignoffSettings {
  tenantName: string;
  /** the prefix used when none is set: the tenant's code */
  defaultPrefix: string;
  /** the caller may change them (its tenant's group admin) */
  canEdit: boolean;
}

/** The words of the sign-off settings (the server's refusals; the /review page says the first to a super admin). */
export const SETTINGS_TEXTS = {
  noTenant: '超级管理员请在「集团租户」中设置各单位的校审规则',
  forbidden: '只有本单位的集团管理员可以修改校审设置',
} as const;
