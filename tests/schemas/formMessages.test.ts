// The words of the form messages over the whole registry — a field picked from choices (a select, a
// dictionary, a record, a library factor) asks 请选择…, never 请输入…; a date field that does not hold a day says
// so naming the field (the yyyy-MM-dd date widget's rule, src/client/admin/form/DateWidget.tsx).
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { resourceNames, resourceSchema, type PropertySchema } from '../../schemas/index';
import { createAjv, formatErrors } from '../../schemas/validation';

const schemas = resourceNames.map((n) => [n, resourceSchema(n)!] as const);
const isChoice = (p: PropertySchema) =>
  p.enum !== undefined || !!p['x-dict'] || !!p['x-reference'] || !!p['x-factor'] || p.items?.enum !== undefined;
const missing = (field: string) =>
  ({
    keyword: 'required',
    instancePath: '',
    schemaPath: '#/required',
    params: { missingProperty: field },
  }) as ErrorObject;

describe('form messages', () => {
  it('every required choice of every schema asks 请选择… (or its own words), never 请输入…', () => {
    const seen: string[] = [];
    for (const [name, s] of schemas) {
      for (const field of (s.required ?? []) as string[]) {
        const p = s.properties[field];
        if (!p || !isChoice(p)) continue;
        const [e] = formatErrors([missing(field)], s);
        seen.push(`${name}.${field}`);
        expect(e.errorMsg, `${name}.${field}`).not.toMatch(/^请输入/);
        if (!p['x-messages']?.required) expect(e.errorMsg).toBe(`请选择${p.title}`);
      }
    }
    // the registry has such fields (a wrong filter would pass by checking none)
    expect(seen).toContain('tpf3Project.computeMethod');
  });

  it('a value none of the choices is 请选择<title>', () => {
    const s = resourceSchema('tpf3Project')!;
    const ajv = createAjv();
    const validate = ajv.compile({ ...s, required: [] });
    validate({ computeMethod: 'nope' });
    expect(formatErrors(validate.errors, s).find((e) => e.field === 'computeMethod')?.errorMsg).toBe('请选择计算方式');
  });

  it('a date (format date, or x-widget date) that is not a day names the field and the form', () => {
    const ajv = createAjv();
    const cases: [string, string, string][] = [
      ['sysTenant', 'expireDate', '到期日期'],
      ['stageVoucher', 'voucherDate', '凭证日期'],
      ['stageSupplement', 'completionDate', '竣工日期'],
    ];
    for (const [name, field, title] of cases) {
      const s = resourceSchema(name)!;
      const validate = ajv.compile({ ...s, required: [] });
      for (const bad of ['08/30/2025', '2025/8/30', '2025-8-30']) {
        expect(validate({ [field]: bad })).toBe(false);
        expect(formatErrors(validate.errors, s).find((e) => e.field === field)?.errorMsg).toBe(
          `${title}格式应为 年-月-日，如 2025-08-30`,
        );
      }
      validate({ [field]: '2025-08-30' });
      expect((validate.errors ?? []).some((e) => e.instancePath === `/${field}`)).toBe(false);
    }
  });
});
