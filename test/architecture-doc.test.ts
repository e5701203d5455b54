/**
 * docs/architecture.md says who writes each table (the ownership table and the shared tables
 * after it). A migration that adds a table without saying whose it is fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@chat/testing';
import { ROOT } from './process.harness';

/** The part of the page that assigns tables: from "## Services" to the next section. */
function ownershipText(): string {
  const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const start = page.indexOf('## Services');
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end);
}

describe('docs/architecture.md', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('names the owner of every table the migrations create', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client
      .query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT LIKE 'knex_migrations%'",
      )
      .finally(() => client.end());
    expect(rows.length).toBeGreaterThan(30);
    const text = ownershipText();
    expect(rows.map((row) => row.name).filter((table) => !text.includes(`\`${table}\``))).toEqual([]);
  });
});
