import { it } from 'vitest';
import { testApp } from '../helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../builders';
import { upload } from '../files';
import { bigRcj } from './workbooks';
it('dbg', async () => {
  const t = await testApp();
  const user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: 'x', code: 'X1' }))).body.data;
  const b = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: 'y', code: 'Y1', menus: 'produce,trans,build' }))).body.data;
  const content = await bigRcj(5000);
  for (let k = 0; k < 3; k++) {
    const up = await upload(t, '/api/tpf/v1/tpf/budgetBill', user, { projectId: b.id }, { name: 'big.xlsx', content });
    const items = (await t.call('GET', `/api/tpf/v1/tpf/budgetBill/${up.body.data.jobId}`, user)).body.data.bill.items;
    const mappings = items.flatMap((i: any) => { const s = i.suggestions.find((x: any) => !x.error); return s ? [{ key: i.key, factorId: s.factorId }] : []; });
    const t0 = performance.now();
    await t.call('POST', '/api/tpf/v1/tpf/budgetBill/import?wait=600000', user, { jobId: up.body.data.jobId, projectId: b.id, mode: 'replace', mappings });
    console.log('IMPORT', Math.round(performance.now() - t0));
  }
  await t.close();
}, 300000);
