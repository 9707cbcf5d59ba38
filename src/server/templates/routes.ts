// Module templates (the template download icon of module pages), built from the stage schemas like
// each stage's own template (excel/importSheet.ts):
//   GET /api/tpf/v1/tpf/template/:module?standard=
//     budget      one workbook per standard (GB, JS-STD, JS — required): one sheet per stage that standard offers
//     estimate    one workbook of its stages (a standard narrows them, as in budget)
//     accounting  one zip holding every accounting stage's template workbook
// Answers a short-lived download link (files/store.ts), never the session token in a URL.
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import {
  allMenuCodes,
  menuTitle,
  moduleDef,
  STANDARD_NAMES,
  standardDef,
  wizardStages,
  type ModuleDef,
  type StandardCode,
} from '../../../schemas/standards';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { invalid, notFound } from '../errors';
import { hasImport, importColumns, templateSpec, type TemplateSheet } from '../excel/importSheet';
import { stampedName } from '../excel/workbook';
import { drawWorkbook } from '../excel/draw';
import { putFile, XLSX_MIME } from '../files/store';
import { stageDef } from '../stages/calculate';
import { typed } from '../http/typed';

export const TEMPLATE_DOWNLOADED = '下载模板成功';
export const CHOOSE_STANDARD = '请选择模板标准';
const ZIP_MIME = 'application/zip';

/** The stages a module (and standard) offers that can be imported, in wizard order, with their columns. */
async function stageSheets(
  db: Db,
  m: ModuleDef,
  standard?: StandardCode,
): Promise<(TemplateSheet & { code: string })[]> {
  const disabled = new Set(standard ? (standardDef(m.code, standard)?.disabledMenus ?? []) : []);
  const sheets: (TemplateSheet & { code: string })[] = [];
  for (const code of wizardStages(
    m.code,
    allMenuCodes(m).filter((c) => !disabled.has(c)),
  )) {
    const def = stageDef(code);
    if (def && hasImport(def.schema))
      sheets.push({ code, title: def.meta.title, columns: await importColumns(db, def.schema) });
  }
  return sheets;
}

const query = {
  type: 'object',
  additionalProperties: false,
  properties: { standard: { type: 'string', maxLength: 10 } },
} as const;
const params = {
  type: 'object',
  required: ['module'],
  properties: { module: { type: 'string', maxLength: 20 } },
} as const;

export function templateRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  r.get(
    '/api/tpf/v1/tpf/template/:module',
    { schema: { params, querystring: query }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const m = moduleDef(req.params.module);
      if (!m) throw notFound();
      const standard = req.query.standard as StandardCode | undefined;
      if (standard !== undefined && !standardDef(m.code, standard))
        throw invalid([{ field: 'standard', errorMsg: CHOOSE_STANDARD }]);
      if (m.code === 'budget' && !standard) throw invalid([{ field: 'standard', errorMsg: CHOOSE_STANDARD }]);

      const sheets = await stageSheets(db, m, standard);
      if (m.code === 'accounting') {
        const files: Record<string, Uint8Array> = {};
        for (const s of sheets) files[`${s.title}导入模板.xlsx`] = await drawWorkbook({ template: templateSpec([s]) });
        const url = await putFile(db, caller, {
          fileName: stampedName(`${m.label}导入模板`, 'zip'),
          mime: ZIP_MIME,
          content: zipSync(files, { level: 6 }),
        });
        return ok(url, TEMPLATE_DOWNLOADED);
      }
      const named = standard ? STANDARD_NAMES[standard] : '';
      const intro = [
        `碳算 · ${m.name}${named ? ` · ${named}` : ''} 导入模板`,
        `本模板包含${named ? '该标准' : '本模块'}提供的计算阶段：${sheets.map((s) => menuTitle(m.code, s.code) ?? s.title).join('、')}。`,
      ];
      const content = await drawWorkbook({ template: templateSpec(sheets, intro) });
      const url = await putFile(db, caller, {
        fileName: stampedName(`${m.label}导入模板${named ? `-${named}` : ''}`, 'xlsx'),
        mime: XLSX_MIME,
        content,
      });
      return ok(url, TEMPLATE_DOWNLOADED);
    },
  );
}
