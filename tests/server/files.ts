// Test helpers for files through the API: a hand-written multipart upload, an .xlsx built in memory, and a
// download link read back as a workbook.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

export interface UploadFile {
  name: string;
  content: Uint8Array;
}

/** A multipart/form-data body written by hand: text fields, then the file (or files, each a part named file). */
export function multipart(fields: Record<string, string | number>, file?: UploadFile | UploadFile[]) {
  const boundary = `----tansuan${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
    );
    parts.push(Buffer.from(f.content), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST <path>/fileUpload. */
export async function upload(
  t: TestApp,
  path: string,
  token: string,
  fields: Record<string, string | number>,
  file?: UploadFile,
) {
  const { payload, contentType } = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}/fileUpload`,
    headers: { 'access-token': token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** An .xlsx with one sheet: the header row and the data rows. */
export async function xlsx(header: string[], rows: ExcelJS.CellValue[][], sheet = 'Sheet1'): Promise<UploadFile> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return { name: 'data.xlsx', content: new Uint8Array(await wb.xlsx.writeBuffer()) };
}

/** A download link (/upload/<id>?token=) read back as a workbook. */
export async function download(t: TestApp, url: string): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}
