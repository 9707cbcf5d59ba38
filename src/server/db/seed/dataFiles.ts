// How the seed data files are read: each lives in ./data next to this module and is found through
// import.meta.url, so a build that places ./data next to the compiled module finds it the same way. One reader
// per format: CSV tables (header row, trimmed header names, a leading BOM dropped) and JSON documents.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';

export type CsvRow = Record<string, string | undefined>;

const readText = (file: string): string =>
  readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8').replace(/^\uFEFF/, '');

export function readSeedCsv(file: string): CsvRow[] {
  const parsed = Papa.parse<CsvRow>(readText(file), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  if (parsed.errors.length) {
    const e = parsed.errors[0];
    throw new Error(`seed data ${file}: row ${e.row ?? '?'}: ${e.message}`);
  }
  return parsed.data;
}

/** A JSON document of ./data; its shape is the caller's to check. */
export function readSeedJson(file: string): unknown {
  try {
    return JSON.parse(readText(file));
  } catch (e) {
    throw new Error(`seed data ${file}: ${(e as Error).message}`, { cause: e });
  }
}

/** A data error of a JSON document: which file, where in it, what is wrong. */
export function dataError(file: string, where: string, what: string): Error {
  return new Error(`seed data ${file}: ${where}: ${what}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` as an object, else a data error. */
export function objectAt(file: string, where: string, v: unknown): Record<string, unknown> {
  if (!isObject(v)) throw dataError(file, where, 'expected an object');
  return v;
}

/** `v` as an array, else a data error. */
export function arrayAt(file: string, where: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw dataError(file, where, 'expected an array');
  return v;
}

/** `v` as a string, else a data error. */
export function stringAt(file: string, where: string, v: unknown): string {
  if (typeof v !== 'string') throw dataError(file, where, 'expected a string');
  return v;
}

/** An object whose every value is a string (a label map), else a data error. */
export function stringMapAt(file: string, where: string, v: unknown): Record<string, string> {
  const o = objectAt(file, where, v);
  for (const [k, x] of Object.entries(o)) stringAt(file, `${where}.${k}`, x);
  return o as Record<string, string>;
}
