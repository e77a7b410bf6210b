// Migrations are forward-only and run by themselves at start, on the shop's real data: none may
// shorten or drop existing data unless a guard in the same migration first refuses (raises) when
// there is data it would lose. The guarded pattern (docs/DEPLOY.md, 'Writing a migration'):
//
//   -- guard: no e-mail address is longer than 120 characters
//   DO $$ BEGIN
//     IF EXISTS (SELECT 1 FROM "users" WHERE char_length("email") > 120) THEN
//       RAISE EXCEPTION 'migration 00NN: e-mail addresses longer than 120 characters; shorten them first';
//     END IF;
//   END $$;--> statement-breakpoint
//   ALTER TABLE "users" ALTER COLUMN "email" TYPE varchar(120);
//
// This test scans every migration for statements that can lose data and fails on one without such
// a guard before it, and it runs the pattern on a database to show that it refuses and keeps the data.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, createTestApp } from './helpers.ts';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

/**
 * Applied before the rule, on every existing database already, and kept as they are (a migration is
 * never edited once applied). Both ran before the shop went into production:
 * - 0003 deleted the unsealed visa rows and dropped their plain-text columns on purpose (passport
 *   data was to be stored sealed only);
 * - 0006 cut texts longer than the new limits to them (docs/DEPLOY.md, 'Upgrades' says what that
 *   means for a database that was upgraded past it).
 */
const BEFORE_THE_RULE = new Set(['0003_visa_sealed_sessions_audit.sql', '0006_text_length_checks.sql']);

/** A statement that can lose existing data, with the table it touches. */
const LOSSY: { what: string; re: RegExp }[] = [
  { what: 'drops a table', re: /\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?("[^"]+"(?:\."[^"]+")?|\w+)/i },
  {
    what: 'drops a column',
    re: /\bALTER\s+TABLE\s+(?:ONLY\s+)?("[^"]+"(?:\."[^"]+")?|\w+)[\s\S]*?\bDROP\s+(?!CONSTRAINT\b|DEFAULT\b|NOT\s+NULL\b|IDENTITY\b|EXPRESSION\b)/i,
  },
  {
    what: 'changes a column type',
    re: /\bALTER\s+TABLE\s+(?:ONLY\s+)?("[^"]+"(?:\."[^"]+")?|\w+)[\s\S]*?\bALTER\s+COLUMN\s+\S+\s+(?:SET\s+DATA\s+)?TYPE\s+(?!text\b)/i,
  },
  { what: 'deletes rows', re: /\bDELETE\s+FROM\s+(?:ONLY\s+)?("[^"]+"(?:\."[^"]+")?|\w+)/i },
  { what: 'truncates a table', re: /\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?("[^"]+"(?:\."[^"]+")?|\w+)/i },
  { what: 'cuts texts', re: /\bUPDATE\s+(?:ONLY\s+)?("[^"]+"(?:\."[^"]+")?|\w+)\s+SET\b[\s\S]*\b(?:left|substr|substring)\s*\(/i },
];

const withoutComments = (statement: string) => statement.replace(/--.*$/gm, '').trim();

/** A guard: a DO block that raises when there is data, naming the table it protects. */
const isGuardFor = (statement: string, table: string) =>
  /^\s*DO\s+\$\$/i.test(withoutComments(statement)) && /\bRAISE\s+EXCEPTION\b/i.test(statement) && statement.includes(table);

/** The statements of one migration that can lose data without a guard before them. */
function unguardedStatements(migration: string): string[] {
  const statements = migration.split('--> statement-breakpoint');
  const problems: string[] = [];
  statements.forEach((statement, i) => {
    const code = withoutComments(statement);
    for (const { what, re } of LOSSY) {
      const table = re.exec(code)?.[1];
      if (!table) continue;
      if (!statements.slice(0, i).some((earlier) => isGuardFor(earlier, table)))
        problems.push(`${what} (${table}) without a guard: ${code.slice(0, 120)}`);
    }
  });
  return problems;
}

const migrations = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('no migration shortens or drops data without a guard', () => {
  it('every migration after the rule is guarded where it can lose data', () => {
    const problems = migrations
      .filter((f) => !BEFORE_THE_RULE.has(f))
      .flatMap((f) => unguardedStatements(readFileSync(path.join(folder, f), 'utf8')).map((p) => `${f}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('the scan finds the two migrations from before the rule, so they are listed there on purpose', () => {
    for (const f of BEFORE_THE_RULE) expect(unguardedStatements(readFileSync(path.join(folder, f), 'utf8')), f).not.toEqual([]);
  });

  it('the scan knows each kind of lossy statement, and a guard for another table does not count', () => {
    const guard = (table: string) => `DO $$ BEGIN IF EXISTS (SELECT 1 FROM "${table}") THEN RAISE EXCEPTION 'data'; END IF; END $$;`;
    const lossy = [
      'DROP TABLE "notes";',
      'ALTER TABLE "notes" DROP COLUMN "body";',
      'ALTER TABLE "notes" DROP "body";',
      'ALTER TABLE "notes" ALTER COLUMN "body" SET DATA TYPE varchar(50);',
      'ALTER TABLE "notes" ALTER COLUMN "body" TYPE integer USING "body"::integer;',
      'DELETE FROM "notes";',
      'TRUNCATE "notes";',
      'UPDATE "notes" SET "body" = left("body", 50);',
    ];
    for (const statement of lossy) {
      expect(unguardedStatements(statement), statement).toHaveLength(1);
      expect(unguardedStatements(`${guard('other')}--> statement-breakpoint\n${statement}`), statement).toHaveLength(1);
      expect(unguardedStatements(`${guard('notes')}--> statement-breakpoint\n${statement}`), statement).toEqual([]);
    }
    // What cannot lose data needs no guard.
    for (const safe of [
      'ALTER TABLE "notes" DROP CONSTRAINT "notes_pk";',
      'ALTER TABLE "notes" ALTER COLUMN "body" DROP NOT NULL;',
      'ALTER TABLE "notes" ALTER COLUMN "body" SET DATA TYPE text;',
      'DROP INDEX "notes_idx";',
      'ALTER TABLE "notes" ADD COLUMN "title" varchar(100);',
    ]) {
      expect(unguardedStatements(safe), safe).toEqual([]);
    }
  });
});

describe(`the guarded pattern on a database (${TEST_DB})`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seedDemo: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  // The example migration of this file's head, on its own table; each statement as the migrator runs it.
  const migration = `
-- guard: no note is longer than 10 characters
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "guard_notes" WHERE char_length("body") > 10) THEN
    RAISE EXCEPTION 'migration 00NN: notes longer than 10 characters; shorten them first';
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "guard_notes" ALTER COLUMN "body" TYPE varchar(10);`;
  // Both drivers answer { rows }; the shared type does not say so.
  const rowsOf = async (query: ReturnType<typeof sql>) => ((await app.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const apply = async () => {
    expect(unguardedStatements(migration)).toEqual([]);
    // As the migrator does: every statement of a migration in one transaction.
    await app.ctx.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
  };

  it('refuses while a row would be cut, and keeps the row and the column as they were', async () => {
    await app.ctx.db.execute(sql`create table guard_notes (id serial primary key, body text not null)`);
    await app.ctx.db.execute(sql`insert into guard_notes (body) values ('kort'), ('een veel te lange notitie')`);
    await expect(apply()).rejects.toThrow(/notes longer than 10 characters/);
    const rows = await rowsOf(sql`select body from guard_notes order by id`);
    expect(rows.map((r) => r.body)).toEqual(['kort', 'een veel te lange notitie']);
  });

  it('runs once nothing would be lost', async () => {
    await app.ctx.db.execute(sql`update guard_notes set body = 'ingekort' where id = 2`);
    await apply();
    const type = await rowsOf(
      sql`select character_maximum_length as n from information_schema.columns where table_name = 'guard_notes' and column_name = 'body'`,
    );
    expect(type[0]?.n).toBe(10);
  });
});
