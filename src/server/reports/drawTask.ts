// The report drawn in a pool thread (jobs/threadPool.ts): the main thread reads the database and builds
// the model (model.ts), this draws the pictures and lays out the PDF or Word file — seconds of CPU for a large
// building — and answers the bytes. pdfmake, docx, echarts and resvg are loaded here only.
import type { ReportModel } from './model';
import { reportPdf } from './pdf';
import { reportPictures } from './pictures';
import { reportDocx } from './word';

export interface DrawJob {
  format: 'pdf' | 'word';
  model: ReportModel;
  /** a trial account's PDF carries the watermark */
  trial: boolean;
}

export default async function drawReport(job: DrawJob): Promise<Buffer> {
  const pictures = await reportPictures(job.model);
  return job.format === 'pdf' ? reportPdf(job.model, pictures, { trial: job.trial }) : reportDocx(job.model, pictures);
}
