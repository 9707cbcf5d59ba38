// First-start seed (run once; marked 'seed_v1' in schema_migrations): roles, the super admin, a demo tenant
// with its organisation, three demo accounts and a demo engineering project, map configuration, dictionaries
// and the factor library.
// Generated passwords are written only to DATA_DIR/admin-password.txt (mode 600, created atomically, in the
// seeding transaction: if it cannot be written nothing is seeded); the console says where, never what.
import { randomInt } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SYSTEM_CALLER } from '../db/caller';
import type { Db, Executor } from '../db/database';
import { toColumns } from '../db/record';
import { repo } from '../db/repo';
import { resourceDef } from '../db/registry';
import '../hooks'; // the seed writes through repositories: every domain folder's rules first
import { seedDictionaries } from '../db/seed/dictionaries';
import { upgradeCityDistricts } from '../db/seed/districtUpgrade';
import { ADDED_DICT_ITEMS, addDictItems } from '../db/seed/dictItems';
import { loadSeedFactors, seedFactorUpgrades, seedSupplement } from '../db/seed/factors';
import { upgradeFactorDetails } from '../db/seed/factorDetails';
import { upgradeSupplementMaterials } from '../db/seed/materialUpgrade';
import { loadSeedLookups } from '../db/seed/lookups';
import { loadSeedBenchmarks } from '../db/seed/benchmarks';
import { upgradeBenchmarks } from '../db/seed/benchmarkUpgrade';
import { seedDemoProjects } from './demo';
import { CONFIG_DEFAULTS } from '../settings/settings';
import { isStrongPassword, setMustChange, WEAK_PASSWORD } from '../accounts/credentials';
import { startupLock } from '../db/migrate';
import { upgradeStageRows } from '../stages/upgrade';
import { ROW_UNITS_MARKER, upgradeRowUnits } from '../stages/unitUpgrade';
import { LIBRARY_UNITS_MARKER, upgradeLibraryUnits } from '../db/seed/fuelNcv';
import { STANDARD_LIBRARY_MARKER, upgradeLibraryStandard } from '../db/seed/standardUpgrade';
import { ROW_DISTANCE_MARKER, upgradeRowDistances } from '../stages/distanceUpgrade';
import { fillFactorLabels } from '../factors/label';

export const SEED_MARKER = 'seed_v1';
export const SEED_ACCOUNTS = ['admin', 'demo_admin', 'demo_user', 'demo_trial'] as const;
export type SeedAccount = (typeof SEED_ACCOUNTS)[number];

export interface SeedOptions {
  /** ADMIN_PASSWORD. */
  adminPassword?: string;
  /** Fixed passwords (tests); accounts not named get a random one. */
  passwords?: Partial<Record<SeedAccount, string>>;
  /** Where admin-password.txt goes (absent: generated passwords are only in the result — tests). */
  dataDir?: string;
  mapTileUrl?: string;
  /** Console output (default console.log). */
  print?: (line: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  passwords: Record<SeedAccount, string>;
  /** Accounts whose password was generated here. */
  generated: SeedAccount[];
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password that meets the password rule (letters and digits), like every password of the product. */
export function randomPassword(length = 16): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    if (isStrongPassword(s)) return s;
  }
}

async function insertRows(trx: Executor, resource: string, rows: Record<string, unknown>[]): Promise<void> {
  const def = resourceDef(resource);
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200).map((r) => ({ ...toColumns(def.schema, r, false), tenant_id: null }));
    if (chunk.length) await trx.insertInto(def.table).values(chunk).execute();
  }
}

export const PASSWORD_FILE = 'admin-password.txt';

/** The file of generated passwords: one `userName password` line per account, after `#` comment lines. */
function writePasswordFile(dataDir: string, accounts: SeedAccount[], passwords: Record<SeedAccount, string>): string {
  const file = join(dataDir, PASSWORD_FILE);
  const text = [
    `# 碳算首次启动生成的初始密码：${accounts.join('、')}`,
    '# 这些账号首次登录时必须修改密码。保存好密码后请删除本文件。',
    ...accounts.map((a) => `${a} ${passwords[a]}`),
  ].join('\n');
  mkdirSync(dataDir, { recursive: true });
  // a new file only the owner can read, renamed into place: the passwords never sit in a wider or partial file
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text + '\n', { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new Error(`无法写入 ${file}：${(e as Error).message}`, { cause: e });
  }
  return file;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const print = opts.print ?? ((l: string) => console.log(l));
  const generated: SeedAccount[] = [];
  const passwords = {} as Record<SeedAccount, string>;
  for (const a of SEED_ACCOUNTS) {
    const given = a === 'admin' ? (opts.passwords?.admin ?? opts.adminPassword) : opts.passwords?.[a];
    passwords[a] = given ?? randomPassword();
    if (!given) generated.push(a);
  }

  let written: string | undefined;
  // (servers starting at once take turns through the lock of the migrations: the second finds the marker)
  const seeded = await db.transaction().execute(async (trx) => {
    await startupLock(trx);
    if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', SEED_MARKER).executeTakeFirst())
      return false;
    if (!isStrongPassword(passwords.admin)) throw new Error(`ADMIN_PASSWORD 不符合密码规则：${WEAK_PASSWORD}`);
    const as = SYSTEM_CALLER;

    await insertRows(trx, 'sysRole', [
      { roleCode: 'admin', roleName: '超级管理员', remarks: '管理全部租户与系统配置' },
      { roleCode: 'groupAdmin', roleName: '集团管理员', remarks: '管理本集团的组织与用户' },
      { roleCode: 'dataAdmin', roleName: '数据管理员', remarks: '维护本集团的因子库' },
    ]);

    const users = repo(db, 'sysUser');
    await users.create(
      as,
      { userName: 'admin', name: '超级管理员', password: passwords.admin, roleList: ['admin'], authFlag: 1, status: 1 },
      trx,
    );

    const tenant = await repo(db, 'sysTenant').create(
      as,
      { name: '演示集团', code: 'demo', contact: '演示管理员', status: 1 },
      trx,
    );
    const org = await repo(db, 'sysOrganization').create(
      as,
      { name: '演示集团总部', code: 'HQ', sort: 0, tenantId: tenant.id },
      trx,
    );
    const member = { tenantId: tenant.id, orgId: org.id, companyName: '演示集团', status: 1 };
    // (each with the 实名 its signatures print, as an administrator sets it)
    await users.create(
      as,
      {
        ...member,
        userName: 'demo_admin',
        name: '演示管理员',
        realName: '王建国',
        password: passwords.demo_admin,
        roleList: ['groupAdmin'],
        authFlag: 1,
      },
      trx,
    );
    const demoUser = await users.create(
      as,
      {
        ...member,
        userName: 'demo_user',
        name: '演示用户',
        realName: '张明',
        password: passwords.demo_user,
        roleList: [],
        authFlag: 1,
      },
      trx,
    );
    await users.create(
      as,
      {
        ...member,
        userName: 'demo_trial',
        name: '试用用户',
        realName: '李晓',
        password: passwords.demo_trial,
        roleList: [],
        authFlag: 0,
      },
      trx,
    );
    // A generated password must be replaced at the first login; one given by the operator (ADMIN_PASSWORD) need not.
    const given = SEED_ACCOUNTS.filter((a) => !generated.includes(a));
    const givenIds = (
      await trx
        .selectFrom('sys_user')
        .select('id')
        .where('user_name', 'in', given.length ? given : [''])
        .execute()
    ).map((r) => Number(r.id));
    await setMustChange(trx, givenIds, false);

    await insertRows(
      trx,
      'sysConfig',
      CONFIG_DEFAULTS.map((c) => (c.configKey === 'map.tileUrl' ? { ...c, configValue: opts.mapTileUrl ?? '' } : c)),
    );

    await insertRows(
      trx,
      'sysDict',
      seedDictionaries.map((d) => ({ dictCode: d.dictCode, dictName: d.dictName, items: d.items })),
    );
    await insertRows(
      trx,
      'tpf3BuildMaterial',
      loadSeedFactors().map((f) => ({ ...f })),
    );
    await insertRows(
      trx,
      'tpf3Lookup',
      loadSeedLookups().map((l) => ({ ...l })),
    );
    // before the demo buildings: their calculation holds them against these lines (合理性检查)
    await insertRows(
      trx,
      'tpf3Benchmark',
      loadSeedBenchmarks().map((b) => ({ ...b })),
    );

    await seedDemoProjects(db, trx, { userId: demoUser.id, tenantId: tenant.id, roles: [], isAdmin: false });

    // a fresh database is written by today's rules: the upgrades of earlier data have nothing to do (and must not
    // touch the demo buildings just calculated)
    const today = [SEED_MARKER, LIBRARY_UNITS_MARKER, ROW_UNITS_MARKER, STANDARD_LIBRARY_MARKER, ROW_DISTANCE_MARKER];
    await trx
      .insertInto('schema_migrations')
      .values(today.map((id) => ({ id })))
      .execute();
    if (opts.dataDir && generated.length) written = writePasswordFile(opts.dataDir, generated, passwords);
    return true;
  });

  await db.transaction().execute(async (trx) => {
    await startupLock(trx);
    // Dictionaries added by a later version reach databases seeded before it (existing ones are left as edited).
    const have = new Set(
      (await trx.selectFrom('sys_dict').select('dict_code').execute()).map((r) => r.dict_code as string),
    );
    const missing = seedDictionaries.filter((d) => !have.has(d.dictCode));
    if (missing.length)
      await insertRows(
        trx,
        'sysDict',
        missing.map((d) => ({ dictCode: d.dictCode, dictName: d.dictName, items: d.items })),
      );
    // Items a later version added to a system list (the inbox's 校审 kind) join the stored dictionary, at its end.
    await addDictItems(trx, ADDED_DICT_ITEMS);
    // 全局配置 keys added by a later version likewise (existing ones keep their values).
    const haveKeys = new Set(
      (await trx.selectFrom('sys_config').select('config_key').execute()).map((r) => r.config_key as string),
    );
    const missingKeys = CONFIG_DEFAULTS.filter((c) => !haveKeys.has(c.configKey));
    if (missingKeys.length) await insertRows(trx, 'sysConfig', missingKeys);
    // The lookup tables (参数表管理) likewise, once: only while their table is still empty.
    if (!(await trx.selectFrom(resourceDef('tpf3Lookup').table).select('id').limit(1).executeTakeFirst())) {
      await insertRows(
        trx,
        'tpf3Lookup',
        loadSeedLookups().map((l) => ({ ...l })),
      );
    }
    // The reference lines (参考值库) likewise.
    if (!(await trx.selectFrom(resourceDef('tpf3Benchmark').table).select('id').limit(1).executeTakeFirst())) {
      await insertRows(
        trx,
        'tpf3Benchmark',
        loadSeedBenchmarks().map((b) => ({ ...b })),
      );
    }
    // Reference lines of metrics added later (material quantities per m²), once.
    await upgradeBenchmarks(trx);
    // The districts of the city dictionary, once.
    await upgradeCityDistricts(trx);
    // The library's density, default distance, energy and data-quality class, once, where still empty.
    await upgradeFactorDetails(trx, seedFactorUpgrades);
    // Materials beyond GB/T 51366 附录D, once, with their details (after the step above: its marker
    // may be set already, so it would not fill them).
    await upgradeSupplementMaterials(trx, seedSupplement);
    // Mortar's default distance as GB/T 51366 第6.3.2条 gives it and the water energy factor, once (before the labels).
    await upgradeLibraryStandard(trx, () => loadSeedFactors().filter((f) => f.energy === 'water'));
    // The library's Chinese search labels, for rows written without the hook (seed inserts).
    await fillFactorLabels(trx);
    // Stage rows saved before these details existed get the energy, class and distance the old calculation
    // assumed (last: they copy the library's details filled in above).
    await upgradeStageRows(trx);
    // What a library density is per and each fuel's own calorific value, then the open buildings' rows that copied
    // them, once.
    await upgradeLibraryUnits(trx);
    await upgradeRowUnits(trx);
    // The open buildings' transport rows that copied mortar's old 40 km, once.
    await upgradeRowDistances(trx);
  });

  if (seeded && written)
    print(`[seed] 初始账号密码已写入 ${written}（仅本用户可读；首次登录须修改密码，保存后请删除该文件）`);
  return { seeded, passwords, generated };
}
