// The EPD import's calls (src/server/epd/routes.ts), through apiFetch (the envelope, the token, Chinese errors):
// the pre-flight reads the files and stores nothing; the import sends the same files again and makes the factor.
import type { EpdData } from '../../../../schemas/epd';
import { apiAnswer, apiFetch, apiUrl } from '../../providers/httpClient';

const BASE = 'tpf/v1/tpf/tpf3BuildMaterial/epd';

/** What the server read from the files: the declaration, the fields it found nowhere, and what it noted. */
export interface EpdReading {
  data: EpdData;
  missing: string[];
  notes: string[];
}

/** The factor-library row an importable EPD becomes. */
export interface EpdFactor {
  type: string;
  name: string;
  unit: string;
  materialCo: number;
  coUnit: string;
  density: number | null;
  densityUnit: string | null;
  densitySource: string | null;
  pieceSize: string | null;
  quality: string;
  epdNo: string | null;
  source: string;
  remarks?: string;
}

export interface EpdPreflight {
  reading: EpdReading;
  /** null when the EPD cannot be imported */
  factor: EpdFactor | null;
  /** why it cannot be imported (empty: it can) */
  refusals: string[];
  /** the library factor this declaration would become a new version of, when the server says so */
  replaces?: { id: number; version?: number | null; name?: string | null } | null;
}

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
