// Server caches (缓存管理): what this folder owns. A MemoryCache keeps values loaded from the database
// in this process; every replica keeps its own. Clearing one — after a write of what it holds, or from
// /sys/cache — clears it here at once and bumps its version in sys_cache, which every replica compares at most
// SYNC_MS later before answering from its copy: no replica serves a cleared value for longer than that.
import { sql } from 'kysely';
import type { Executor } from '../db/database';

export const SYNC_MS = 2000;

export class MemoryCache<V> {
  private readonly values = new Map<string, V>();
  private loaded: Date | null = null;
  private version = -1;
  private checkedAt = 0;

  constructor(
    private readonly db: Executor,
    readonly name: string,
    /** how often the version is compared (tests of replicas shorten it) */
    private readonly syncMs = SYNC_MS,
  ) {}

  get size(): number {
    return this.values.size;
  }

  get loadedAt(): Date | null {
    return this.loaded;
  }

  /**
   * The cached value of `key`, loaded by `load` when absent (undefined answers are not kept). Inside a
   * transaction pass it as `ex`: the embedded database has one connection, which the transaction holds.
   */
  async get(key: string, load: () => Promise<V | undefined>, ex: Executor = this.db): Promise<V | undefined> {
    await this.sync(ex);
    if (this.values.has(key)) return this.values.get(key);
    const value = await load();
    if (value !== undefined) {
      this.values.set(key, value);
      this.loaded = new Date();
    }
    return value;
  }

  /** Drops every value here and tells the other replicas through `ex` (inside the writer's transaction). */
  async clear(ex: Executor = this.db): Promise<void> {
    this.values.clear();
    this.loaded = null;
    // (this replica's own version is left behind on purpose: a value re-read here before the writer commits is
    // dropped again by the next sync once the new version is visible)
    await sql`
      insert into sys_cache (name, version, cleared_at) values (${this.name}, 1, now())
      on conflict (name) do update set version = sys_cache.version + 1, cleared_at = now()`.execute(ex);
  }

  /** Another replica cleared it (its version moved): drop what this one holds. */
  async sync(ex: Executor = this.db): Promise<void> {
    if (Date.now() - this.checkedAt < this.syncMs) return;
    this.checkedAt = Date.now();
    const row = await ex.selectFrom('sys_cache').select('version').where('name', '=', this.name).executeTakeFirst();
    const version = row ? Number(row.version) : 0;
    if (version !== this.version) {
      this.values.clear();
      this.loaded = null;
      this.version = version;
    }
  }
}
