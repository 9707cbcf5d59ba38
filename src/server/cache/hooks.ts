// A write of what a cache holds clears that cache, in the writer's transaction (so the other replicas see the
// new version exactly when the change is committed).
import { registerHooks, type WriteContext } from '../db/hooks';
import { cachesOf, type DbCaches } from './caches';

function clearsOn(resource: string, pick: (c: DbCaches) => { clear(ex: WriteContext['trx']): Promise<void> }): void {
  const clear = async ({ db, trx }: Pick<WriteContext, 'db' | 'trx'>) => pick(cachesOf(db)).clear(trx);
  registerHooks(resource, { afterWrite: clear, afterDelete: clear });
}

clearsOn('sysDict', (c) => c.dict);
clearsOn('tpf3BuildMaterial', (c) => c.factor);
