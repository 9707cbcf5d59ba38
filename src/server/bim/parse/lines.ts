// Reading web-ifc's line objects (GetLine without flattening: references are { value: expressID }, measures
// { value } or a bare number, enumerations { value: 'NAME' }), with a cache of the lines read, since one
// material or unit is referenced by thousands of elements.
import type { IfcAPI } from 'web-ifc';

export type Api = Pick<IfcAPI, 'GetLine' | 'GetLineIDsWithType' | 'GetNameFromTypeCode' | 'GetRawLineData'>;

export type Line = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const ref = (x: unknown): number | undefined => {
  const v = (x as { value?: unknown } | null | undefined)?.value;
  return typeof v === 'number' ? v : undefined;
};

export const numOf = (x: unknown): number | undefined => {
  if (typeof x === 'number') return x;
  const o = x as { value?: unknown; _representationValue?: unknown } | null | undefined;
  const v = o?.value ?? o?._representationValue;
  return typeof v === 'number'
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
};

export const textOf = (x: unknown): string => {
  const v = (x as { value?: unknown } | null | undefined)?.value;
  return typeof v === 'string' ? v : '';
};

export const enumOf = (x: unknown): string | undefined => {
  const v = (x as { value?: unknown } | null | undefined)?.value;
  return typeof v === 'string' ? v : undefined;
};

/** The express IDs of every line of a type (with its subtypes when `inherited`). */
export function idsOf(api: Api, model: number, type: number, inherited = false): number[] {
  const v = api.GetLineIDsWithType(model, type, inherited);
  const out: number[] = new Array(v.size());
  for (let i = 0; i < out.length; i++) out[i] = v.get(i);
  return out;
}

/** GetLine with a cache (lines are read-only here). */
export function cachedLines(api: Api, model: number): (id: number) => Line | undefined {
  const cache = new Map<number, Line | undefined>();
  return (id) => {
    if (!cache.has(id)) cache.set(id, api.GetLine(model, id) as Line | undefined);
    return cache.get(id);
  };
}
