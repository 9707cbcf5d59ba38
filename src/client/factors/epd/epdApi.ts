// The EPD import's calls (src/server/epd/routes.ts), through apiFetch (the envelope, the token, Chinese errors):
// the pre-flight reads the files and stores nothing; the import sends the same files again and makes the factor.
import type { EpdData, EpdFactor, EpdPreflight } from '../../../../schemas/epd';

export type { EpdFactor, EpdPreflight, EpdReading } from '../../../../schemas/epd';
import { apiAnswer, apiFetch, apiUrl } from '../../providers/httpClient';

const BASE = 'tpf/v1/tpf/tpf3BuildMaterial/epd';

/** The factor record the import made (with its id and the declaration). */
export type ImportedFactor = EpdFactor & { id: number; epd: EpdData } & Record<string, unknown>;

function filesForm(files: readonly File[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  for (const f of files) form.append('file', f, f.name);
  return form;
}

export const preflightEpd = (files: readonly File[]) =>
  apiFetch<EpdPreflight>(apiUrl(`${BASE}/preflight`), { method: 'POST', body: filesForm(files) });

/** The new factor and the server's message (已导入为因子, or a new version of one). */
export const importEpd = (files: readonly File[], smallType: string) =>
  apiAnswer<ImportedFactor>(apiUrl(`${BASE}/import`), {
    method: 'POST',
    body: filesForm(files, { smallType: smallType.trim() }),
  });
