// The end of an Excel import, for the domain folders that care (the inbox: "an import finished or failed").
// The generic import route announces it here and never imports a domain folder.
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ResourceDef } from '../db/registry';

export interface ImportEnd {
  db: Db;
  caller: Caller;
  def: ResourceDef;
  projectId?: number;
  fileName: string;
  /** rows stored, or undefined when the import failed */
  count?: number;
  /** why it failed (the answer's message and the first problems) */
  error?: string;
}

type Listener = (e: ImportEnd) => Promise<void>;
const listeners: Listener[] = [];

export function onImportEnd(fn: Listener): void {
  listeners.push(fn);
}

/** Tells every listener; a listener's failure is logged by the caller, never turns the import's answer. */
export async function importEnded(e: ImportEnd): Promise<void> {
  for (const fn of listeners) await fn(e);
}
