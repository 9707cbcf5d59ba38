// The manual drawn in a pool thread (jobs/threadPool.ts): pdfmake lays out its pages here, off the request loop.
import { renderManual } from './manual';

export default (): Promise<Buffer> => renderManual();
