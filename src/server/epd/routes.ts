// EPD import into the factor library (whoever may write the library: the super admin for everyone, a group admin for
// the tenant):
//   POST tpf3BuildMaterial/epd/preflight  multipart files (an ILCD+EPD .xml with its flow file, a .zip, .json, .yaml)
//                                         → what was read, what is missing, the factor it would become, the refusals
//   POST tpf3BuildMaterial/epd/import     the same files (+ fields smallType, tenantId) → the new factor, or the
//                                         refusals as one 400 and nothing written
// The files are read twice rather than kept between the calls: a pre-flight stores nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { resourceDef } from '../db/registry';
import { assertWrite, tenantForCreate } from '../db/scope';
import type { Caller } from '../db/caller';
import { toRecord } from '../db/record';
import type { EpdData, EpdPreflight, EpdReading } from '../../../schemas/epd';
import { ok } from '../envelope';
import { badRequest } from '../errors';
import { readUpload } from '../resources/importRoutes';
import { chinaDay } from '../../calc/chinaTime';
import { EPD_LIMITS, EpdRefused, readEpd } from './read';
import { epdFactor, epdRefusals } from './factor';

const BASE = '/api/tpf/v1/tpf/tpf3BuildMaterial/epd';
const MB = 1024 * 1024;

export const EPD_TEXTS = {
  noFile: '请选择 EPD 文件（ILCD+EPD 的 .xml 与其流文件、.zip、.json，或 openEPD / EC3 的 .json、.yaml）',
  tooLarge: `EPD 文件不能超过 ${EPD_LIMITS.maxBytes / MB} MB`,
  tooMany: `一次最多上传 ${EPD_LIMITS.maxFiles} 个文件`,
  imported: 'EPD 已导入为因子',
  updated: 'EPD 已导入为已有因子的新版本',
  preflight: '已读取 EPD，请核对后导入',
} as const;

const UPLOAD = {
  fileSize: EPD_LIMITS.maxBytes,
  files: EPD_LIMITS.maxFiles,
  tooMany: EPD_TEXTS.tooMany,
  tooLarge: EPD_TEXTS.tooLarge,
  noFile: EPD_TEXTS.noFile,
  badFile: EPD_TEXTS.noFile,
};

const FACTORS = 'tpf3BuildMaterial';

/** The tenant an import by this caller lands in (the super admin may name one; absent: every tenant's). */
const targetTenant = (caller: Caller, fields: Record<string, string>) =>
  tenantForCreate(
    resourceDef(FACTORS).meta,
    caller,
    /^\d+$/.test(fields.tenantId ?? '') ? Number(fields.tenantId) : null,
  );

/** The current factor in that tenant imported from the same declaration: an import replaces it by a new version. */
async function sameDeclaration(db: Db, epd: EpdData, tenant: number | null): Promise<EpdPreflight['replaces']> {
  const keys = [epd.registrationNo, epd.uuid].filter((k): k is string => !!k);
  if (!keys.length) return null;
  const t = sql.table(resourceDef(FACTORS).table);
  const { rows } = await sql<{ id: number; name: string; version: number | null }>`
    select id, name, version from ${t}
    where superseded_by is null and tenant_id is not distinct from ${tenant}
      and (epd->>'registrationNo' in (${sql.join(keys)}) or epd->>'uuid' in (${sql.join(keys)}))
    order by id desc limit 1`.execute(db);
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name, version: Number(rows[0].version ?? 1) } : null;
}

async function preflight(db: Db, req: FastifyRequest) {
  const caller = callerOf(req);
  assertWrite(resourceDef(FACTORS).meta, caller);
  const upload = await readUpload(req, UPLOAD);
  if (!upload.files.some((f) => f.content.length)) throw badRequest(EPD_TEXTS.noFile);
  let reading: EpdReading;
  try {
    reading = readEpd(upload.files);
  } catch (err) {
    if (err instanceof EpdRefused) throw badRequest(err.message);
    throw err;
  }
  const refusals = epdRefusals(reading.data, chinaDay(new Date()));
  const tenant = targetTenant(caller, upload.fields);
  const check: EpdPreflight = {
    reading,
    replaces: await sameDeclaration(db, reading.data, tenant),
    factor: refusals.length ? null : epdFactor(reading.data),
    refusals,
  };
  return { caller, check, fields: upload.fields, tenant };
}

export function epdRoutes(app: FastifyInstance, db: Db): void {
  const library = repo(db, FACTORS);

  app.post(`${BASE}/preflight`, { config: { writes: false } }, async (req) => {
    const { check } = await preflight(db, req);
    return ok(check, EPD_TEXTS.preflight);
  });

  app.post(`${BASE}/import`, { config: { writes: true } }, async (req) => {
    const { caller, check, fields, tenant } = await preflight(db, req);
    if (!check.factor) throw badRequest(`EPD 未导入：${check.refusals.join('；')}`);
    const smallType = (fields.smallType ?? '').trim();
    const body = { ...check.factor, ...(smallType ? { smallType } : {}), tenantId: tenant };
    const record = await db.transaction().execute(async (trx) => {
      // a declaration imported before gets a new version (the versions hook keeps the old one for the rows using it)
      const { replaces } = check;
      const old = replaces && (await library.findRow(trx, replaces.id));
      const made =
        old && replaces
          ? await library.update(
              caller,
              { ...toRecord(resourceDef(FACTORS).schema, old), ...body, id: replaces.id },
              trx,
            )
          : await library.create(caller, body, trx);
      // (the declaration is server-kept: never taken from a client body, so written here, in the same transaction)
      await sql`update ${sql.table(resourceDef(FACTORS).table)} set epd = ${JSON.stringify(check.reading.data)}::jsonb
        where id = ${made.id}`.execute(trx);
      return { ...made, epd: check.reading.data };
    });
    return ok(record, check.replaces ? EPD_TEXTS.updated : EPD_TEXTS.imported);
  });
}
