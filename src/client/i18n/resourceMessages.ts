// `resources.<name>.name` and `resources.<name>.fields.<prop>` generated from the registry schemas' titles,
// so columns, filters and forms get their Chinese labels through react-admin's usual lookup.
import { clientResources } from '../registry';

export const SYSTEM_FIELD_LABELS: Record<string, string> = {
  id: '编号',
  createDate: '创建时间',
  updateDate: '更新时间',
  createBy: '创建人',
  tenantId: '所属租户',
};

export interface ResourceMessages {
  [name: string]: { name: string; title: string; fields: Record<string, string> };
}

export function buildResourceMessages(): ResourceMessages {
  const out: ResourceMessages = {};
  for (const { name, schema, title } of clientResources) {
    const fields: Record<string, string> = { ...SYSTEM_FIELD_LABELS };
    for (const [prop, p] of Object.entries(schema.properties)) {
      fields[prop] = p.title ?? prop;
      if (p['x-filter'] === 'range') {
        fields[`${prop}Min`] = `${p.title ?? prop}最小值`;
        fields[`${prop}Max`] = `${p.title ?? prop}最大值`;
      }
    }
    out[name] = { name: schema.title, title, fields };
  }
  return out;
}
