// A building's result as a file, handed out as the product's other exports are (a short-lived download link):
//   GET tpf3Project/:id/modules/export → the link of <建筑名称>-EN15978.json, the EN 15978 module result in the format
//                                        schemas/moduleExport.ts describes
// The building must be visible to the caller (its read permission and scope, else 404) and calculated (else 400).
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { answerSchema, ok } from '../envelope';
import { putFile } from '../files/store';
import { typed } from '../http/typed';
import { idParams } from '../resources/routeSchemas';
import { exportFileName, moduleExport } from './moduleExport';

const response = answerSchema('EN 15978 模块结果文件的下载链接（/upload/…，10 分钟内有效）', {
  type: 'string',
} as const);

export function resultRoutes(app: FastifyInstance, db: Db): void {
  const buildings = repo(db, 'tpf3Project');
  typed(app).get(
    '/api/tpf/v1/tpf/tpf3Project/:id/modules/export',
    { schema: { params: idParams, response }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const b = await buildings.get(caller, req.params.id);
      const body = await moduleExport(db, caller, b);
      const content = new TextEncoder().encode(JSON.stringify(body, null, 2));
      const url = await putFile(db, caller, { fileName: exportFileName(b), mime: 'application/json', content });
      return ok(url, '导出成功');
    },
  );
}
