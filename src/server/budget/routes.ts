// Budget-file routes (README 预算文件导入):
//   POST budgetBill/fileUpload   multipart projectId, file (.xlsx/.xls ≤ 20 MB) → read as a job; { jobId } when done
//   GET  budgetBill/:jobId       the job and, once read, the pre-flight with each item's proposed factors
//   GET  budgetBill/:jobId/excel the pre-flight as a workbook → download URL
//   POST budgetBill/:jobId/check { key, factorId } → a material item on a library factor picked by hand: the quantity
//                                it would import (with the conversion), or 400 naming the item and why not
//   POST budgetBill/import       { jobId, projectId, mode, mappings } → rows in their stages, recalculated building
import type { FastifyInstance } from 'fastify';
import {
  budgetCheckBody,
  budgetImportBody,
  type BudgetPreflightAnswer,
  type BudgetSuggestionAnswer,
} from '../../../schemas/budget';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { writableBuilding } from '../buildings/writable';
import { ok } from '../envelope';
import { badRequest, notFound } from '../errors';
import { stampedName } from '../excel/workbook';
import { putFile, XLSX_MIME } from '../files/store';
import { DEFAULT_WAIT_MS, jobAnswer, runJob, waitProperty } from '../jobs/index';
import { findJob } from '../jobs/store';
import { readUpload } from '../resources/importRoutes';
import { typed } from '../http/typed';
import { budgetPreflightWorkbook } from './excel';
import { BILL_GONE, BUDGET_ESTIMATE, importBill } from './importRows';
import { CLASS_LABELS } from './classify';
import { loadLibrary } from './library';
import { machineOptions } from './machines';
import { buildMethodOf } from './buildMethod';
import { repo } from '../db/repo';
import { billFloor } from './review';
import { BUDGET_FILE_LIMIT, BUDGET_READ_MESSAGES } from './readGrids';
import { READS, readBill } from './readBill';
import { findBill, saveBill } from './store';
import { manualSuggestion, suggestItems } from './suggest';
import { materialCoverage } from './coverage';
import { libraryMaterials } from '../imports/library';
import { importJob } from '../imports/importJob';

const BASE = '/api/tpf/v1/tpf/budgetBill';
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const jobParams = { type: 'object', required: ['jobId'], properties: { jobId: id } } as const;
const waitQuery = { type: 'object', additionalProperties: false, properties: { wait: waitProperty } } as const;

export const BUDGET_UPLOAD = {
  fileSize: BUDGET_FILE_LIMIT,
  tooLarge: `预算文件不能超过 ${BUDGET_FILE_LIMIT / 1024 / 1024} MB`,
  noFile: '请选择要上传的预算文件',
  badFile: BUDGET_READ_MESSAGES.format,
};
export const READ_DONE = '预算文件读取完成';
export const IMPORTED = (n: number) => `导入成功，生成 ${n} 条数据`;

export function budgetRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);

  r.post(`${BASE}/fileUpload`, { schema: { querystring: waitQuery }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    const upload = await readUpload(req, BUDGET_UPLOAD);
    if (!upload.file) throw badRequest(BUDGET_UPLOAD.noFile);
    const raw = upload.fields.projectId;
    const projectId = raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(projectId) || projectId < 1) throw badRequest('获取项目信息失败，请返回主页重试！');
    const building = await db.transaction().execute((trx) => writableBuilding(db, caller, projectId, trx));
    if (building.computeMethod === 'estimate') throw badRequest(BUDGET_ESTIMATE);
    const file = upload.file;
    const spec = {
      kind: 'budget' as const,
      title: `读取预算文件 ${file.name}`,
      waitMs: req.query.wait ?? DEFAULT_WAIT_MS,
      slots: READS,
    };
    const outcome = await runJob(db, caller, spec, async (progress, job) => {
      // (in a worker thread: seconds of parsing for a large workbook, which on this loop held every request)
      const read = await readBill(file.content, billFloor(building));
      progress(read.totalLines, read.totalLines);
      await saveBill(db, caller, { jobId: job.id, projectId, fileName: file.name, packed: read.packed });
      return { jobId: job.id };
    });
    return jobAnswer(outcome, READ_DONE);
  });

  r.get(`${BASE}/:jobId`, { schema: { params: jobParams }, config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    const job = await findJob(db, caller, req.params.jobId);
    if (!job || job.kind !== 'budget') throw notFound();
    const bill = await findBill(db, caller, job.id);
    if (!bill) return ok<BudgetPreflightAnswer>({ job, bill: null });
    const lib = await loadLibrary(db, caller);
    const items = suggestItems(bill.preflight.items, lib);
    // the rows the machine items may take, once for all of them; and which kind of 建筑建造 row the building counts
    const machines = machineOptions(lib.machines, new Set(items.flatMap((i) => i.machineOptions ?? [])));
    const buildMethod = buildMethodOf(await repo(db, 'tpf3Project').get(caller, bill.projectId));
    return ok<BudgetPreflightAnswer>({
      job,
      bill: {
        ...bill.preflight,
        jobId: bill.jobId,
        projectId: bill.projectId,
        fileName: bill.fileName,
        items,
        machines,
        buildMethod,
        coverage: materialCoverage(items),
      },
    });
  });

  r.get(`${BASE}/:jobId/excel`, { schema: { params: jobParams }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    const bill = await findBill(db, caller, req.params.jobId);
    if (!bill) throw badRequest(BILL_GONE);
    const content = await budgetPreflightWorkbook({ ...bill.preflight, fileName: bill.fileName });
    const url = await putFile(db, caller, {
      fileName: stampedName(`预算文件预检_${bill.fileName.replace(/\.[^.]+$/, '')}`, 'xlsx'),
      mime: XLSX_MIME,
      content,
    });
    return ok(url, '导出成功');
  });

  r.post(
    `${BASE}/:jobId/check`,
    { schema: { params: jobParams, body: budgetCheckBody }, config: { writes: false } },
    async (req) => {
      const caller = callerOf(req);
      const bill = await findBill(db, caller, req.params.jobId);
      if (!bill) throw badRequest(BILL_GONE);
      const item = bill.preflight.items.find((i) => i.key === req.body.key);
      if (!item) throw badRequest(`文件中没有「${req.body.key.split('|')[1] ?? req.body.key}」`);
      const label = [item.name, item.spec].filter(Boolean).join(' ');
      if (item.cls !== 'material' && item.cls !== 'equipment')
        throw badRequest(`「${label}」为${CLASS_LABELS[item.cls]}，请在推荐的因子中选择`);
      const factor = (await libraryMaterials(db, caller, [req.body.factorId])).get(req.body.factorId);
      if (!factor) throw badRequest(`「${label}」对应的因子库材料不存在、不是建材或已有新版本`);
      const s = manualSuggestion(item, factor);
      if (s.error)
        throw badRequest(`「${label}」不能对应「${[factor.name, factor.spec].filter(Boolean).join(' ')}」：${s.error}`);
      return ok<BudgetSuggestionAnswer>(s);
    },
  );

  r.post(
    `${BASE}/import`,
    { schema: { body: budgetImportBody, querystring: waitQuery }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      return importJob(
        db,
        caller,
        { title: `导入预算文件 — 单体 ${req.body.projectId}`, waitMs: req.query.wait },
        async (progress) => {
          const answer = await importBill(db, caller, req.body, progress, (err) =>
            req.log.warn({ err }, 'upkeep after budget import failed'),
          );
          return {
            answer,
            message: IMPORTED(answer.rows.materials + answer.rows.transport + answer.rows.construction),
          };
        },
      );
    },
  );
}
