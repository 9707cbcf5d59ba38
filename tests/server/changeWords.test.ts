// Every value a change line (变更记录, the signed report's appendix) or an export can show reads as words: each code
// of an audited field's enum has a label, from its dictionary (as seeded) or its schema's x-enumLabels. A value that
// is a word already (凭证类型 发票, 绿色建筑星级 一星级) stands for itself; a code of ASCII letters and digits never does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueLabels } from '../../src/server/cache/dicts';
import { auditedTables } from '../../src/server/db/audit';
import { storedColumns } from '../../src/server/db/resourceColumns';
import { resources } from '../../src/server/db/registry';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const isCode = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]+$/.test(v);

describe('the words of a change line', () => {
  it('every code of every audited field has a label', async () => {
    const unlabelled: string[] = [];
    let checked = 0;
    for (const { table, columns } of auditedTables()) {
      const def = resources.find((r) => r.table === table);
      if (!def) continue; // variants: their own fixed titles
      for (const c of storedColumns(def.schema).filter((s) => columns.includes(s.column))) {
        const p = def.schema.properties[c.prop];
        const values = p.enum ?? p.items?.enum;
        if (!values) continue;
        const labels = (await valueLabels(t.database.db, p)) ?? {};
        for (const v of values.filter(isCode)) {
          checked++;
          if (!labels[String(v)]) unlabelled.push(`${def.name}.${c.prop} = ${String(v)}`);
        }
      }
    }
    expect(unlabelled).toEqual([]);
    // (the stages' 计算方式, 运行分项方式, 计算标准, 能源种类 … — a check over nothing would pass anything)
    expect(checked).toBeGreaterThan(20);
  });
});
