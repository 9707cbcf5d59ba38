// Reordering a zip's entries without inflating them (src/server/files/zipOrder.ts): the entries come out in the
// asked order with the same bytes, with and without data descriptors, and an exceljs workbook still reads the same.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { assertZipBounds, zipEntries } from '../../src/server/files/zipBounds';
import { reorderZip, xlsxRank } from '../../src/server/files/zipOrder';
import { IMPORT_ZIP_LIMITS } from '../../src/server/excel/readImport';

const texts = (zip: Uint8Array) =>
  Object.fromEntries(Object.entries(unzipSync(zip)).map(([k, v]) => [k, Buffer.from(v).toString('utf8')]));

/** A zip written as a stream: every entry's sizes in a data descriptor after its data (flag bit 3). */
function streamedZip(files: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      parts.push(chunk);
      if (final) resolve(Buffer.concat(parts));
    });
    for (const [name, text] of Object.entries(files)) {
      const entry = name.endsWith('.txt') ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(text), true);
    }
    zip.end();
  });
}

describe('reorderZip', () => {
  it('puts an exceljs workbook’s workbook part and shared strings before its sheets; every part and cell unchanged', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('建材生产');
    ws.addRow(['材料名称', '用量']);
    ws.addRow(['C30混凝土', 3000]);
    const original = Buffer.from(await wb.xlsx.writeBuffer());
    const names = zipEntries(original).map((e) => e.name);
    // exceljs writes the sheets before the shared strings and the workbook part last
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
    expect(names.at(-1)).toBe('xl/workbook.xml');

    const moved = reorderZip(original, assertZipBounds(original, IMPORT_ZIP_LIMITS), xlsxRank);
    const order = zipEntries(moved).map((e) => e.name);
    expect(order.slice(0, 2).sort()).toEqual(['[Content_Types].xml', '_rels/.rels']);
    expect(order.indexOf('xl/workbook.xml')).toBeLessThan(order.indexOf('xl/worksheets/sheet1.xml'));
    expect(order.indexOf('xl/sharedStrings.xml')).toBeLessThan(order.indexOf('xl/worksheets/sheet1.xml'));
    expect(order.slice().sort()).toEqual(names.slice().sort());
    expect(texts(moved)).toEqual(texts(original));
    // the bounds still hold on the new file, and a full reader sees the same cells
    expect(assertZipBounds(moved, IMPORT_ZIP_LIMITS)).toHaveLength(names.length);
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(moved as unknown as ArrayBuffer);
    expect(again.getWorksheet('建材生产')!.getRow(2).values).toEqual([undefined, 'C30混凝土', 3000]);
  });

  it('keeps each entry’s data descriptor with it, stored and deflated alike', async () => {
    const files = {
      'xl/worksheets/sheet1.xml': '<sheet>' + 'x'.repeat(5000) + '</sheet>',
      'note.txt': '说明',
      'xl/workbook.xml': '<workbook/>',
    };
    const original = await streamedZip(files);
    const entries = zipEntries(original);
    // (fflate's streaming writer sets flag bit 3: sizes in a descriptor after the data)
    expect(entries.every((e) => (original.readUInt16LE(e.offset + 6) & 0x08) !== 0)).toBe(true);
    const moved = reorderZip(original, entries, xlsxRank);
    expect(zipEntries(moved).map((e) => e.name)).toEqual(['xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'note.txt']);
    expect(texts(moved)).toEqual(files);
  });

  it('answers the same buffer when the order is already right', async () => {
    const original = await streamedZip({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': '<sheet/>' });
    expect(reorderZip(original, zipEntries(original), xlsxRank)).toBe(original);
  });
});
