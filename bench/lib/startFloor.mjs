// The floor of the start measure (bench/measures/serverStart.ts): plain node opening the same database the way
// the server does — PGlite on DATA_DIR/db with pg_trgm, or one pg client on DATABASE_URL — and answering
// GET /api/health on PORT with one query. Stops on SIGTERM.
import { createServer } from 'node:http';
import { join } from 'node:path';

let query;
let close;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  query = () => client.query('select 1');
  close = () => client.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite({ dataDir: join(process.env.DATA_DIR, 'db'), extensions: { pg_trgm } });
  query = () => db.query('select 1');
  close = () => db.close();
}
await query();
const server = createServer((req, res) => {
  query().then(
    () => res.end('{"code":1}'),
    () => ((res.statusCode = 503), res.end()),
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', async () => {
  server.close();
  await close();
  process.exit(0);
});
