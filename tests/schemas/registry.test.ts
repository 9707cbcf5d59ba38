import { describe, expect, it } from 'vitest';
import { filterableFields, registry, sortableFields, type ResourceSchema } from '../../schemas/index';
import { createAjv, formatErrors, FORM_INVALID } from '../../schemas/validation';
import { createBodySchema, listQuery, updateBodySchema } from '../../src/server/resources/routeSchemas';

const entries = Object.entries(registry) as [string, ResourceSchema][];

describe('schema registry', () => {
  it.each(entries)('%s compiles in strict ajv, with its create/update bodies and list query', (_name, schema) => {
    const ajv = createAjv();
    expect(() => ajv.compile(schema)).not.toThrow();
    expect(() => ajv.compile(createBodySchema(schema))).not.toThrow();
    expect(() => ajv.compile(updateBodySchema(schema))).not.toThrow();
    expect(() => createAjv({ coerceTypes: 'array' }).compile(listQuery(schema).schema)).not.toThrow();
  });

  it('strict ajv refuses an undeclared x- keyword', () => {
    expect(() => createAjv().compile({ type: 'object', properties: { a: { type: 'string', 'x-nope': 1 } } })).toThrow(
      /unknown keyword/,
    );
  });

  it('every resource has a unique path and $id', () => {
    const paths = entries.map(([, s]) => s['x-resource'].path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(entries.map(([, s]) => s.$id)).toEqual(entries.map(([n]) => n));
  });

  it('row links (x-resource.rowLinks) name a label and a client route of the record (:id)', () => {
    const links = entries.flatMap(([, s]) => s['x-resource'].rowLinks ?? []);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) {
      expect(l.label).toMatch(/\S/);
      expect(l.route).toMatch(/^\/[\w/-]*:id(\/|$)/);
    }
  });

  it('sortable and filterable fields of the factor library', () => {
    const s = registry.tpf3BuildMaterial as unknown as ResourceSchema;
    expect(sortableFields(s)).toEqual(['id', 'createDate', 'updateDate', 'type', 'smallType', 'name', 'materialCo']);
    expect(filterableFields(s)).toEqual({
      type: 'eq',
      smallType: 'eq',
      name: 'like',
      materialCo: 'range',
      verification: 'eq',
      energy: 'eq',
      quality: 'eq',
      label: 'like',
    });
    expect(Object.keys(listQuery(s).filters)).toEqual([
      'type',
      'smallType',
      'name',
      'materialCoMin',
      'materialCoMax',
      'verification',
      'energy',
      'quality',
      'label',
    ]);
  });
});

describe('formatErrors', () => {
  it('lists every failing field of a factor with Chinese messages', () => {
    const ajv = createAjv();
    const schema = registry.tpf3BuildMaterial;
    const validate = ajv.compile(schema);
    expect(validate({ type: '', unit: 'x'.repeat(31), materialCo: 'abc', verification: 'X', bogus: 1 })).toBe(false);
    const errs = formatErrors(validate.errors, schema);
    expect(errs).toEqual(
      expect.arrayContaining([
        { field: 'name', errorMsg: '请输入名称' },
        { field: 'type', errorMsg: '类型不应少于 1 个字符' },
        { field: 'unit', errorMsg: '单位不应多于 30 个字符' },
        { field: 'materialCo', errorMsg: '碳排放因子应当是数字' },
        { field: 'bogus', errorMsg: '不允许的字段 bogus' },
      ]),
    );
    expect(errs.map((e) => e.field).sort()).toEqual(['bogus', 'materialCo', 'name', 'type', 'unit', 'verification']);
    expect(FORM_INVALID).toBe('表单校验失败, 请检查输入!');
  });

  it('uses x-messages (the spec text) and requires the password on create', () => {
    const ajv = createAjv();
    const schema = createBodySchema(registry.sysUser as unknown as ResourceSchema);
    const validate = ajv.compile(schema);
    expect(validate({ userName: 'a b', name: '张三', phone: '123' })).toBe(false);
    expect(formatErrors(validate.errors, schema)).toEqual(
      expect.arrayContaining([
        { field: 'password', errorMsg: '请输入密码' },
        { field: 'userName', errorMsg: '登录账号只能包含字母、数字和 _ . @ -' },
        { field: 'phone', errorMsg: '请输入正确的手机号' },
      ]),
    );
  });
});
