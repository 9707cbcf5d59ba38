// The frozen report drawn in a pool thread (jobs/threadPool.ts) in two steps, so the review page can say which one
// runs: first the pictures (charts, the QR code) once, the PDF, its embedded signature and its SHA-256 — reserving
// the signature's /Contents space and writing its /ByteRange are string work over the whole file, kept off the
// request loop too — then the Word file, which prints that hash, with the same pictures instead of drawing the
// charts again (resvg lays out every label with the CJK font: a tenth of a second or more). frozen.ts reads the data
// and stores the files.
// A first step, `load`, runs while frozen.ts reads the data: a thread that ended since the last drawing (after its
// idle time) loads its packages then instead of after the data is read — most of a second it would add.
import { echarts, resvg } from '../heavy';
import { setupPdfFonts } from '../reports/fonts';
import { installLowHeadings } from '../reports/lowHeadings';
import type { ReportModel } from '../reports/model';
import { reportPdf } from '../reports/pdf';
import { reportPictures, type ReportPictures } from '../reports/pictures';
import { qrPng } from '../reports/signoff';
import { reportDocx } from '../reports/word';
import { fileSha256, signPdf, type SigningKey } from './pdfSignature';

/**
 * The pictures as they cross between threads: bytes, the decision charts in the model's block order (the drawing
 * finds a chart's picture by the model's own chart object, which a copy of the model does not share).
 */
export interface SentPictures {
  donut: Uint8Array;
  bar: Uint8Array;
  qr: Uint8Array;
  decision: Uint8Array[];
}

export interface Signature {
  name: string;
  reason: string;
  location: string;
  at: Date;
}

export type FrozenJob =
  | { step: 'load' }
  | { step: 'pdf'; model: ReportModel; trial: boolean; key: SigningKey; signature: Signature }
  | { step: 'word'; model: ReportModel; pictures: SentPictures };

export interface SignedPdf {
  pdf: Uint8Array;
  sha256: string;
  pictures: SentPictures;
}

const charts = (m: ReportModel) =>
  m.decision.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'image' ? [b.chart] : [])));
const buffer = (v: Uint8Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

function received(m: ReportModel, p: SentPictures): ReportPictures {
  const list = charts(m);
  return {
    donut: buffer(p.donut),
    bar: buffer(p.bar),
    qr: buffer(p.qr),
    decision: new Map(list.map((c, i) => [c, buffer(p.decision[i])])),
  };
}

export default async function drawFrozen(job: FrozenJob): Promise<SignedPdf | Buffer | null> {
  if (job.step === 'load') {
    setupPdfFonts();
    installLowHeadings();
    echarts();
    resvg();
    return null;
  }
  if (job.step === 'word') return reportDocx(job.model, received(job.model, job.pictures));
  const pictures = reportPictures(job.model);
  pictures.qr = await qrPng(job.model.signoff!.verifyUrl);
  // (a Buffer crosses as a plain Uint8Array: the signer reads the certificate as a Buffer)
  const key = { key: job.key.key, certDer: buffer(job.key.certDer) };
  const pdf = await signPdf(await reportPdf(job.model, pictures, { trial: job.trial }), key, job.signature);
  const decision = charts(job.model).map((c) => pictures.decision.get(c)!);
  return {
    pdf,
    sha256: fileSha256(pdf),
    pictures: { donut: pictures.donut, bar: pictures.bar, qr: pictures.qr, decision },
  };
}
