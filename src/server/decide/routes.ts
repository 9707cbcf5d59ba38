// Decision routes (docs/decision-tools.md), below /api/tpf/v1/tpf/decide:
//   GET    :projectId/reference              reference lines (GB 55015 check, published lines, percentile)
//   PUT    :projectId/reference              { refOperation } the reference building's operation intensity
//   GET    :projectId/variants               the building's variants; POST { name } saves the live data as one
//   GET    :projectId/variants/compare       ?ids=1,2 → stages, waterfall and row changes against the baseline
//   POST   variants/:id/switch | calculate   PUT variants/:id { name?, isBaseline? }   DELETE variants/:id
//   GET    :projectId/hotspots               the ten largest rows with substitutes; POST :projectId/substitute
//   GET    :projectId/phases (+ /candidates) POST { otherId } links, DELETE unlinks, POST phases/copy { computeMethod }
//   GET    :projectId/uncertainty            ?draws&seed → Monte Carlo band and tornado (估算, 概预算)
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { ok } from '../envelope';
import { hotspots } from './hotspots';
import { copyAsPhase, linkPhase, phaseAnswer, phaseCandidates, unlinkPhase } from './phases';
import { referenceAnswer, setRefOperation } from './reference';
import { applySubstitute } from './substitute';
import { uncertainty } from './uncertainty';
import { compareVariants } from './variantCompare';
import { calculateVariant, createVariant, deleteVariant, listVariants, switchVariant, updateVariant } from './variants';
import { toVariant, userNames, variantRow } from './variantStore';
import { typed } from '../http/typed';

const BASE = '/api/tpf/v1/tpf/decide';
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const projectParams = { type: 'object', required: ['projectId'], properties: { projectId: id } } as const;
const variantParams = { type: 'object', required: ['id'], properties: { id } } as const;
const nameProp = { type: 'string', maxLength: 200 } as const;
const obj = <const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
) => ({ type: 'object', additionalProperties: false, required: required ?? ([] as unknown as R), properties }) as const;

export function decideRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const buildings = repo(db, 'tpf3Project');
  const variant = async (req: { user?: unknown } & Parameters<typeof callerOf>[0], variantId: number) => {
    const v = (await variantRow(db, variantId))!;
    const b = await buildings.get(callerOf(req), v.project_id);
    return toVariant(v, b, await userNames(db, [v]));
  };

  r.get(`${BASE}/:projectId/reference`, { schema: { params: projectParams }, config: { writes: false } }, async (req) =>
    ok(await referenceAnswer(db, callerOf(req), await buildings.get(callerOf(req), req.params.projectId))),
  );
  r.put(
    `${BASE}/:projectId/reference`,
    {
      schema: { params: projectParams, body: obj({ refOperation: { type: ['number', 'null'] } }, ['refOperation']) },
      config: { writes: true },
    },
    async (req) => {
      await setRefOperation(db, callerOf(req), req.params.projectId, req.body.refOperation);
      return ok(
        await referenceAnswer(db, callerOf(req), await buildings.get(callerOf(req), req.params.projectId)),
        '保存成功',
      );
    },
  );

  r.get(`${BASE}/:projectId/variants`, { schema: { params: projectParams }, config: { writes: false } }, async (req) =>
    ok(await listVariants(db, callerOf(req), req.params.projectId)),
  );
  r.post(
    `${BASE}/:projectId/variants`,
    { schema: { params: projectParams, body: obj({ name: nameProp }, ['name']) }, config: { writes: true } },
    async (req) => {
      const vid = await createVariant(db, callerOf(req), req.params.projectId, req.body.name, '手动保存');
      return ok(await variant(req, vid), '方案已保存');
    },
  );
  r.get(
    `${BASE}/:projectId/variants/compare`,
    {
      schema: { params: projectParams, querystring: obj({ ids: { type: 'string', pattern: '^\\d+(,\\d+)*$' } }) },
      config: { writes: false },
    },
    async (req) =>
      ok(await compareVariants(db, callerOf(req), req.params.projectId, req.query.ids?.split(',').map(Number))),
  );
  r.post(
    `${BASE}/variants/:id/switch`,
    { schema: { params: variantParams }, config: { writes: true } },
    async (req) => {
      const projectId = await switchVariant(db, callerOf(req), req.params.id);
      return ok(await listVariants(db, callerOf(req), projectId), '已切换为当前方案');
    },
  );
  r.post(
    `${BASE}/variants/:id/calculate`,
    { schema: { params: variantParams }, config: { writes: true } },
    async (req) => {
      await calculateVariant(db, callerOf(req), req.params.id);
      return ok(await variant(req, req.params.id), '计算完成');
    },
  );
  r.put(
    `${BASE}/variants/:id`,
    {
      schema: { params: variantParams, body: obj({ name: nameProp, isBaseline: { type: 'boolean', const: true } }) },
      config: { writes: true },
    },
    async (req) =>
      ok(
        await listVariants(db, callerOf(req), await updateVariant(db, callerOf(req), req.params.id, req.body)),
        '保存成功',
      ),
  );
  r.delete(`${BASE}/variants/:id`, { schema: { params: variantParams }, config: { writes: true } }, async (req) =>
    ok(await listVariants(db, callerOf(req), await deleteVariant(db, callerOf(req), req.params.id)), '删除成功'),
  );

  r.get(`${BASE}/:projectId/hotspots`, { schema: { params: projectParams }, config: { writes: false } }, async (req) =>
    ok(await hotspots(db, await buildings.get(callerOf(req), req.params.projectId))),
  );
  r.post(
    `${BASE}/:projectId/substitute`,
    {
      schema: {
        params: projectParams,
        body: obj({ stage: { type: 'string', maxLength: 50 }, rowId: id, factorId: id, name: nameProp }, [
          'stage',
          'rowId',
          'factorId',
        ]),
      },
      config: { writes: true },
    },
    async (req) => {
      const vid = await applySubstitute(db, callerOf(req), req.params.projectId, req.body);
      const v = await variant(req, vid);
      return ok(v, `已生成方案「${v.name}」`);
    },
  );

  r.get(`${BASE}/:projectId/phases`, { schema: { params: projectParams }, config: { writes: false } }, async (req) =>
    ok(await phaseAnswer(db, callerOf(req), req.params.projectId)),
  );
  r.get(
    `${BASE}/:projectId/phases/candidates`,
    {
      schema: { params: projectParams, querystring: obj({ name: { type: 'string', maxLength: 50 } }) },
      config: { writes: false },
    },
    async (req) => ok(await phaseCandidates(db, callerOf(req), req.params.projectId, req.query.name ?? '')),
  );
  r.post(
    `${BASE}/:projectId/phases`,
    { schema: { params: projectParams, body: obj({ otherId: id }, ['otherId']) }, config: { writes: true } },
    async (req) => {
      await linkPhase(db, callerOf(req), req.params.projectId, req.body.otherId);
      return ok(await phaseAnswer(db, callerOf(req), req.params.projectId), '关联成功');
    },
  );
  r.post(
    `${BASE}/:projectId/phases/copy`,
    {
      schema: {
        params: projectParams,
        body: obj({ computeMethod: { type: 'string', enum: ['estimate', 'budget', 'accounting'] } }, ['computeMethod']),
      },
      config: { writes: true },
    },
    async (req) => {
      const created = await copyAsPhase(db, callerOf(req), req.params.projectId, req.body.computeMethod);
      return ok({ projectId: created, phases: await phaseAnswer(db, callerOf(req), created) }, '已复制为新阶段的单体');
    },
  );
  r.delete(
    `${BASE}/:projectId/phases`,
    { schema: { params: projectParams }, config: { writes: true } },
    async (req) => {
      await unlinkPhase(db, callerOf(req), req.params.projectId);
      return ok(await phaseAnswer(db, callerOf(req), req.params.projectId), '已解除关联');
    },
  );

  r.get(
    `${BASE}/:projectId/uncertainty`,
    {
      schema: {
        params: projectParams,
        querystring: obj({
          draws: { type: 'integer', minimum: 2000, maximum: 20000 },
          seed: { type: 'integer', minimum: 0, maximum: 2147483647 },
        }),
      },
      config: { writes: false },
    },
    async (req) => ok(await uncertainty(db, await buildings.get(callerOf(req), req.params.projectId), req.query)),
  );
}
