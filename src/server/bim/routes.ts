// BIM routes (docs/bim.md):
//   POST bim/fileUpload     multipart projectId, file (.ifc/.ifczip ≤ 200 MB, spooled to disk) → parse job (at
//                           most two at once, the others queue); { jobId } when done
//   GET  bim/:jobId         the job and, once parsed, the pre-flight report with suggested mappings
//   GET  bim/:jobId/excel   the report as a workbook → download URL
//   POST bim/:jobId/check   { ifcMaterial, factorId, density? } → the quantity that factor would import, the
//                           density it needs (asked for in place), or why not; without a density, the one
//                           saved with the tenant's mapping of the material
//   POST bim/import         { jobId, projectId, mode, mappings } → rows, transport rows, recalculated building
import type { FastifyInstance } from 'fastify';
import { checkBody, importBody, type CheckAnswer, type PreflightAnswer } from '../../../schemas/bim';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { writableBuilding } from '../buildings/writable';
import { ok } from '../envelope';
import { badRequest, notFound } from '../errors';
import { stampedName } from '../excel/workbook';
import { putFile, XLSX_MIME } from '../files/store';
import { DEFAULT_WAIT_MS, jobAnswer, runJob, waitProperty } from '../jobs/index';
import { findJob } from '../jobs/store';
import { preflightWorkbook } from './excel';
import { importModel, MODEL_GONE } from './importRows';
import { libraryMaterials } from '../imports/library';
import { importJob } from '../imports/importJob';
import { parseIfc, PARSES } from './parse/run';
import { findModel, saveModel } from './store';
import { mappingKey, savedChoices } from '../imports/mappings';
import { confirmedDensity, fitOf, suggestionsFor } from './suggestions';
import { BIM_MESSAGES, receiveModel } from './upload';
import { typed } from '../http/typed';

const BASE = '/api/tpf/v1/tpf/bim';
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const jobParams = { type: 'object', required: ['jobId'], properties: { jobId: id } } as const;
const waitQuery = { type: 'object', additionalProperties: false, properties: { wait: waitProperty } } as const;
const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pageNum: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  },
} as const;

export const PARSED = '模型解析完成';
export const IMPORTED = (n: number) => `导入成功，生成 ${n} 条建材生产数据`;

export function bimRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);

  /** The building the model is for: one the caller may change, not an estimate. */
  async function targetBuilding(caller: ReturnType<typeof callerOf>, raw: string | undefined) {
    const projectId = raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(projectId) || projectId < 1) throw badRequest('获取项目信息失败，请返回主页重试！');
    const building = await db.transaction().execute((trx) => writableBuilding(db, caller, projectId, trx));
    if (building.computeMethod === 'estimate') throw badRequest(BIM_MESSAGES.estimate);
    return building;
  }

  r.post(`${BASE}/fileUpload`, { schema: { querystring: waitQuery }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    // (the building is checked before the file is read when its id comes first, as the client sends it)
    let building: Awaited<ReturnType<typeof targetBuilding>> | undefined;
    const { fields, model } = await receiveModel(req, async (f) => {
      if (f.projectId !== undefined) building = await targetBuilding(caller, f.projectId);
    });
    try {
      const b = building ?? (await targetBuilding(caller, fields.projectId));
      const spec = {
        kind: 'bim' as const,
        title: `解析BIM模型 ${model.name}`,
        waitMs: req.query.wait ?? DEFAULT_WAIT_MS,
        slots: PARSES,
        ended: model.remove,
      };
      const outcome = await runJob(db, caller, spec, async (progress, job) => {
        const parsed = await parseIfc(model.path, progress);
        const modelId = await saveModel(db, caller, {
          jobId: job.id,
          projectId: Number(b.id),
          fileName: model.name,
          schema: parsed.schema,
          units: parsed.units,
          summary: parsed.summary,
          detail: parsed.detail,
        });
        return { jobId: job.id, modelId };
      });
      return jobAnswer(outcome, PARSED);
    } catch (err) {
      await model.remove(); // (refused before its job began; a job removes it when it ends)
      throw err;
    }
  });

  r.get(
    `${BASE}/:jobId`,
    { schema: { params: jobParams, querystring: pageQuery }, config: { writes: false } },
    async (req) => {
      const caller = callerOf(req);
      const job = await findJob(db, caller, req.params.jobId);
      if (!job || job.kind !== 'bim') throw notFound();
      const m = await findModel(db, caller, job.id);
      if (!m) return ok<PreflightAnswer>({ job, model: null });
      const { pageNum, pageSize } = req.query;
      const [library, saved] = await Promise.all([libraryMaterials(db, caller), savedChoices(db, caller)]);
      const { problems, materials, ...rest } = m;
      return ok<PreflightAnswer>({
        job,
        model: {
          ...rest,
          modelId: m.id,
          problems: {
            total: problems.length,
            pageNum,
            pageSize,
            list: problems.slice((pageNum - 1) * pageSize, pageNum * pageSize),
          },
          materials: suggestionsFor(materials, library, saved).map(({ globalIds, ...x }) => (void globalIds, x)),
        },
      });
    },
  );

  r.get(`${BASE}/:jobId/excel`, { schema: { params: jobParams }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    const m = await findModel(db, caller, req.params.jobId);
    if (!m) throw badRequest(MODEL_GONE);
    const url = await putFile(db, caller, {
      fileName: stampedName(`BIM模型预检_${m.fileName.replace(/\.[^.]+$/, '')}`, 'xlsx'),
      mime: XLSX_MIME,
      content: await preflightWorkbook(m),
    });
    return ok(url, '导出成功');
  });

  r.post(
    `${BASE}/:jobId/check`,
    { schema: { params: jobParams, body: checkBody }, config: { writes: false } },
    async (req) => {
      const caller = callerOf(req);
      const m = await findModel(db, caller, req.params.jobId);
      if (!m) throw badRequest(MODEL_GONE);
      const material = m.materials.find((x) => x.name === req.body.ifcMaterial);
      if (!material) throw badRequest(`模型中没有材料「${req.body.ifcMaterial}」`);
      const factor = (await libraryMaterials(db, caller, [req.body.factorId])).get(req.body.factorId);
      if (!factor) throw badRequest(`「${material.name}」对应的因子库材料不存在、不是建材或已有新版本`);
      const saved =
        req.body.density === undefined
          ? (await savedChoices(db, caller, mappingKey(material.name))).get(mappingKey(material.name))?.density
          : null;
      const fit = fitOf(material, factor, confirmedDensity(material.name, req.body.density), saved);
      if (fit.error !== null && fit.needsDensity)
        return ok<CheckAnswer>({ quantity: null, unit: factor.unit, basis: null, needsDensity: fit.error });
      if (fit.error !== null) throw badRequest(fit.error);
      return ok<CheckAnswer>({
        quantity: fit.quantity,
        unit: factor.unit,
        basis: fit.basis,
        ...(fit.density ? { density: fit.density } : {}),
      });
    },
  );

  r.post(
    `${BASE}/import`,
    { schema: { body: importBody, querystring: waitQuery }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      return importJob(
        db,
        caller,
        { title: `导入BIM模型 — 单体 ${req.body.projectId}`, waitMs: req.query.wait },
        async (progress) => {
          const answer = await importModel(db, caller, req.body, progress, (err) =>
            req.log.warn({ err }, 'upkeep after BIM import failed'),
          );
          return { answer, message: IMPORTED(answer.rows) };
        },
      );
    },
  );
}
