// The first start's seeding process (firstStart.ts): opens the database, migrates and seeds it, closes it and exits
// 0 — or 1 with the server's one line for a database that cannot be used. It leaves when the server does.
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { jobData } from '../jobs/tsProcess';
import { failStart } from '../startFailure';
import { seed } from './seed';

jobData();
const cfg = loadConfig();
let database: Database | undefined;
try {
  database = await openDatabase(cfg);
} catch (e) {
  await failStart(e, cfg, 'open');
}
try {
  await migrate(database!.db);
  await seed(database!.db, { adminPassword: cfg.adminPassword, dataDir: cfg.dataDir, mapTileUrl: cfg.mapTileUrl });
} catch (e) {
  await failStart(e, cfg, 'migrate');
}
await database!.close();
process.exit(0);
