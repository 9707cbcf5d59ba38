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
import { picturesOf } from '../reports/blocks';
import type { ReportModel } from '../reports/model';
import { reportPdf } from '../reports/pdf';
import { reportPictures, type ReportPictures } from '../reports/pictures';
import { reportDocx } from '../reports/word';
import { fileSha256, signPdf, type SigningKey } from './pdfSignature';

/**
 * The pictures as they cross between threads: bytes in the model's picture order (the drawing finds a picture by the
 * model's own picture object, which a copy of the model does not share).
 */
export type SentPictures = Uint8Array[];

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

const buffer = (v: Uint8Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

const received = (m: ReportModel, sent: SentPictures): ReportPictures =>
  new Map(picturesOf(m.sections).map((p, i) => [p, buffer(sent[i])]));

export default async function drawFrozen(job: FrozenJob): Promise<SignedPdf | Buffer | null> {
  if (job.step === 'load') {
    setupPdfFonts();
    installLowHeadings();
    echarts();
    resvg();
    return null;
  }
  if (job.step === 'word') return reportDocx(job.model, received(job.model, job.pictures));
  const pictures = await reportPictures(job.model);
  // (a Buffer crosses as a plain Uint8Array: the signer reads the certificate as a Buffer)
  const key = { key: job.key.key, certDer: buffer(job.key.certDer) };
  const pdf = await signPdf(await reportPdf(job.model, pictures, { trial: job.trial }), key, job.signature);
  return { pdf, sha256: fileSha256(pdf), pictures: picturesOf(job.model.sections).map((p) => pictures.get(p)!) };
}
