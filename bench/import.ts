/*
 * npm run bench:import -- [--db data/bench.sqlite | DATABASE_URL=postgres://…] [--rows 5000] [--passwords default|unique]
 *
 * Times the student CSV import (target: 5,000 rows, preview plus commit, < 10 s) through the
 * real app (buildApp + app.inject: multipart upload, csv-parse, validation, duplicate checks against the
 * bench data set's 100,000 students, scrypt hashing at the configured cost, one insert transaction with a
 * log entry per student). The rows go to the first school, with its grades and sections named; the
 * imported students and their log entries are deleted afterwards, so the data set is unchanged.
 * --passwords default leaves the Password cells empty (each row gets a generated password that passes the
 * password policy: one hash each, as with unique), unique gives every row its own password.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '@core/config';
import { csvLine } from '@shared/csv';
import type { ImportEvent, ImportSummary } from '@domain/students/import';
import { DEFAULT_BENCH_DB, benchSignIn, benchTarget, parseArgs } from './lib';
import { pad, personName } from './seed-data';

const USAGE = `
Usage: npm run bench:import -- [options]   (or npx tsx bench/import.ts [options])
Student CSV import (preview and commit) into the bench:seed data set's first school; the rows are deleted afterwards.
  --db <file>           SQLite file of the data set (default ${DEFAULT_BENCH_DB})
  DATABASE_URL=postgres://…   the PostgreSQL data set instead, when --db is not given
  --rows <n>            CSV rows (default 5000)
  --passwords <kind>    default (empty cells, generated passwords) or unique (one per row) (default: default)
  --help                this text
`;

function multipartBody(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = `----bench${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/csv\r\n\r\n${file.content}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function main() {
  const args = parseArgs(USAGE);
  const target = benchTarget(args);
  const rows = Number(args.get('rows') ?? 5000);
  const unique = args.get('passwords') === 'unique';
  if (!target.databaseUrl && !fs.existsSync(target.sqliteFile)) {
    console.error(`${target.sqliteFile} does not exist: run \`npm run bench:seed\` first.`);
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_RATE_PER_MINUTE: '1000' }),
    databaseUrl: target.databaseUrl,
    sqliteFile: target.sqliteFile,
    staticDir: undefined,
  };
  const app = await buildApp(config);
  const db = app.db;
  const lastLog =
    (
      await db
        .selectFrom('systemLogs')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0;
  let createdIds: number[] = [];
  try {
    const auth = { authorization: `Bearer ${await benchSignIn(app)}` };
    const school = await db.selectFrom('schools').select('id').orderBy('id').executeTakeFirstOrThrow();
    const sections = await db
      .selectFrom('sections')
      .innerJoin('grades', 'grades.id', 'sections.gradeId')
      .select(['grades.name as grade', 'sections.name as section'])
      .where('sections.schoolId', '=', school.id)
      .execute();

    let csv = `\ufeff${csvLine(['First Name', 'Last Name', 'Email', 'LRN', 'Password', 'Grade', 'Section', 'Parent Phone', 'Gender'])}`;
    for (let i = 1; i <= rows; i++) {
      const [first, last] = personName(i * 13);
      const place = sections[i % sections.length]!;
      csv += csvLine([
        first,
        last,
        `import${i}@bench-import.example.ph`,
        `9${pad(i, 11)}`,
        unique ? `Import-${i}-pass` : '',
        place.grade,
        place.section,
        `0917 ${pad(i % 1000, 3)} ${pad(i % 10000, 4)}`,
        i % 2 ? 'MALE' : 'FEMALE',
      ]);
    }
    const request = (step: 'preview' | 'commit') => {
      const { payload, headers } = multipartBody({ schoolId: String(school.id) }, { name: 'bench-import.csv', content: csv });
      return app.inject({
        method: 'POST',
        url: `/api/super-admin/students/import/${step}`,
        payload,
        headers: { ...headers, ...auth },
      });
    };
    console.log(
      `bench:import on ${target.label}: ${rows.toLocaleString('en-US')} rows (${(csv.length / 1024 / 1024).toFixed(2)} MB), passwords ${unique ? 'unique' : 'default'}, scrypt N=${config.scryptCost}\n`,
    );

    const t0 = performance.now();
    const preview = await request('preview');
    const t1 = performance.now();
    if (preview.statusCode !== 200) throw new Error(`preview answered ${preview.statusCode}: ${preview.body.slice(0, 300)}`);
    const p = preview.json().data;
    if (p.valid !== rows)
      throw new Error(
        `preview: ${p.valid} valid of ${rows}: ${JSON.stringify(p.rows.find((r: { status: string }) => r.status !== 'valid'))}`,
      );

    const commit = await request('commit');
    const t2 = performance.now();
    const events = commit.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ImportEvent);
    const last = events.at(-1);
    if (last?.type !== 'summary') throw new Error(`commit did not finish: ${commit.body.slice(-300)}`);
    const summary: ImportSummary = last.summary;
    createdIds = summary.rows.flatMap((r) => (r.studentId ? [r.studentId] : []));
    const hashing = events.filter((e) => e.type === 'progress' && e.phase === 'hashing').at(-1);
    const ms = (a: number, b: number) => `${(b - a).toFixed(0)} ms`;
    console.log(`preview   ${ms(t0, t1).padStart(10)}  (${p.valid} valid)`);
    console.log(
      `commit    ${ms(t1, t2).padStart(10)}  (${summary.created} created, ${hashing?.type === 'progress' ? hashing.total : 0} distinct passwords hashed)`,
    );
    console.log(`total     ${ms(t0, t2).padStart(10)}  target < 10000 ms ${t2 - t0 < 10_000 ? 'ok' : 'OVER'}`);
  } finally {
    // Leave the data set as it was.
    for (let i = 0; i < createdIds.length; i += 500)
      await db
        .deleteFrom('students')
        .where('id', 'in', createdIds.slice(i, i + 500))
        .execute();
    await db.deleteFrom('systemLogs').where('id', '>', Number(lastLog)).execute();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
