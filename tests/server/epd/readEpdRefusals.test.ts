// What readEpd refuses, and that it refuses the hostile files fast: no EPD at all, DOCTYPE and entity bombs,
// deep XML, zips past their bounds (declared or lying), too many or too big files, YAML alias bombs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EPD_LIMITS, EpdRefused, readEpd, type EpdFile } from '../../../src/server/epd/read';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/epd');
const fixture = (name: string): EpdFile => ({ name, content: readFileSync(resolve(FIXTURES, name)) });
const text = (name: string, s: string): EpdFile => ({ name, content: Buffer.from(s) });

/** The refusal's message (fails the test when nothing is refused). */
function refusal(files: EpdFile[]): string {
  try {
    readEpd(files);
  } catch (err) {
    expect(err).toBeInstanceOf(EpdRefused);
    return (err as Error).message;
  }
  throw new Error('not refused');
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n ')}
]>
<processDataSet>&lol9;</processDataSet>`;

describe('files that are no EPD', () => {
  it('refuses a JSON, a text and a PDF that are not EPDs, naming the file', () => {
    expect(refusal([text('notes.json', '{"hello": "world"}')])).toMatch(
      /「notes\.json」不是 EPD 数据集：应为 ILCD\+EPD/,
    );
    expect(refusal([text('readme.txt', 'just some words')])).toContain('「readme.txt」不是 EPD 数据集');
    expect(refusal([text('epd.pdf', '%PDF-1.7\n%\u00e2\u00e3')])).toContain('「epd.pdf」不是 EPD 数据集');
  });

  it('refuses a flow data set alone, and an ILCD process that is no EPD', () => {
    expect(refusal([fixture('brick-flow.xml')])).toContain('是 ILCD 流数据集，不是 EPD');
    const lci =
      '<processDataSet><modellingAndValidation><LCIMethodAndAllocation><typeOfDataSet>LCI result' +
      '</typeOfDataSet></LCIMethodAndAllocation></modellingAndValidation></processDataSet>';
    expect(refusal([text('lci.xml', lci)])).toContain('不是 EPD（没有按模块声明的结果）');
  });

  it('refuses two EPDs at once, loose or in one zip', () => {
    expect(refusal([fixture('glulam-ec3.yaml'), fixture('rebar-ec3.json')])).toContain('收到 2 个 EPD 数据集');
    const brick = fixture('brick-process.xml').content;
    const zip = Buffer.from(zipSync({ 'processes/a.xml': brick, 'processes/b.xml': brick }));
    const message = refusal([{ name: 'two.zip', content: zip }]);
    expect(message).toContain('「two.zip」含 2 个 EPD 过程数据集');
    expect(message).toContain('processes/a.xml');
  });

  it('refuses an empty upload and a zip without an EPD', () => {
    expect(refusal([])).toContain('没有收到文件');
    const zip = Buffer.from(zipSync({ 'a/readme.json': Buffer.from('{"a":1}') }));
    expect(refusal([{ name: 'other.zip', content: zip }])).toContain('「other.zip」中没有 EPD 数据集');
  });
});

describe('hostile XML', () => {
  it('refuses a DOCTYPE, an external entity and a billion-laughs file at once', () => {
    expect(refusal([text('a.xml', '<!DOCTYPE processDataSet SYSTEM "epd.dtd"><processDataSet/>')])).toContain(
      'DOCTYPE',
    );
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]><processDataSet>&x;</processDataSet>';
    expect(refusal([text('xxe.xml', xxe)])).toContain('「xxe.xml」含 DOCTYPE 或实体声明');
    const start = performance.now();
    expect(refusal([text('lol.xml', BILLION_LAUGHS)])).toContain('DOCTYPE');
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('refuses an undeclared entity and a deeply nested file', () => {
    expect(refusal([text('e.xml', '<processDataSet>&lol9;</processDataSet>')])).toContain('格式不正确');
    const deep = '<a>'.repeat(EPD_LIMITS.maxXmlDepth + 5) + '</a>'.repeat(EPD_LIMITS.maxXmlDepth + 5);
    expect(refusal([text('deep.xml', deep)])).toContain(`嵌套超过 ${EPD_LIMITS.maxXmlDepth} 层`);
  });

  it('refuses an XML with too many elements', () => {
    const wide = `<processDataSet>${'<x/>'.repeat(EPD_LIMITS.maxXmlElements + 1)}</processDataSet>`;
    expect(refusal([text('wide.xml', wide)])).toContain('元素超过');
  });
});

/** A one-entry zip whose central directory declares `size` bytes uncompressed (the local header is left alone). */
function zipDeclaring(size: number, content = Buffer.from('<processDataSet/>')): Buffer {
  const zip = Buffer.from(zipSync({ 'processes/a.xml': content }));
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(size, central + 24);
  return zip;
}

describe('bounded zips and uploads', () => {
  it('refuses a zip whose entries declare more than 50 MB, before inflating anything', () => {
    const message = refusal([{ name: 'bomb.zip', content: zipDeclaring(60 * 1024 * 1024) }]);
    expect(message).toContain('「bomb.zip」解压后超过 50 MB');
  });

  it('refuses a zip whose entry inflates past what it declares', () => {
    const liar = zipDeclaring(10, Buffer.from(`<processDataSet>${' '.repeat(100_000)}</processDataSet>`));
    expect(refusal([{ name: 'liar.zip', content: liar }])).toContain('「liar.zip」解压后超过');
  });

  it('refuses a zip of more than 200 entries and a broken zip', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}.xml`, Buffer.from('<a/>')]));
    expect(refusal([{ name: 'many.zip', content: Buffer.from(zipSync(many)) }])).toContain(
      '含 201 个文件，超过 200 个',
    );
    const broken = Buffer.from(zipSync({ 'a.xml': Buffer.from('<a/>') })).subarray(0, 30);
    expect(refusal([{ name: 'broken.zip', content: broken }])).toContain('「broken.zip」已损坏');
  });

  it('refuses more than 10 files and more than 20 MB together', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => text(`f${i}.json`, '{}'));
    expect(refusal(eleven)).toContain('一次最多读取 10 个文件（收到 11 个）');
    const big = { name: 'big.xml', content: Buffer.alloc(EPD_LIMITS.maxBytes + 1, 0x20) };
    expect(refusal([big])).toContain('超过 20 MB 的上限');
  });
});

describe('YAML', () => {
  it('refuses an alias bomb and reads a record with a few aliases', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${`*${prev}, `.repeat(8)}*${prev}]`,
      );
    }
    const start = performance.now();
    expect(refusal([text('bomb.yaml', levels.join('\n'))])).toContain('别名超过 100 个');
    expect(performance.now() - start).toBeLessThan(2000);
    expect(readEpd([fixture('glulam-ec3.yaml')]).data.a1a3).toBe(150.5);
  });
});
