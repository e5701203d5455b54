/**
 * The message service keeps the layers its folders promise: routes/ run no SQL (they call
 * queries/ and actions/), nothing but the entry files imports app.ts (the dependency type is in
 * deps.ts, so there is no import cycle through it), and the old domain/ and store/ folders do not
 * come back.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = join(__dirname, '..', 'src');
const ENTRY_FILES = new Set(['app.ts', 'compose.ts', 'main.ts', 'index.ts']);

/** What running SQL looks like in a source file: knex imported, a query builder started or narrowed, raw SQL. */
const SQL_SIGNS: [string, RegExp][] = [
  ['imports knex', /from\s+['"]knex['"]/],
  ['calls .where(', /\.where\(/],
  ['calls db(', /\bdb\(/],
  ['calls trx(', /\btrx\(/],
  ['calls .raw(', /\.raw\(/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function sqlSigns(source: string): string[] {
  return SQL_SIGNS.filter(([, pattern]) => pattern.test(source)).map(([name]) => name);
}

/** The relative module specifiers a file imports or re-exports from. */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g)].map((m) => m[1]!);
}

/** Whether `specifier`, imported by the file at `file`, names src/app.ts. */
function namesApp(file: string, specifier: string): boolean {
  const target = resolve(dirname(file), specifier).replace(/\.ts$/, '');
  return target === join(SRC, 'app');
}

describe('the message service layers', () => {
  const files = sourceFiles(SRC);

  it('finds the sources it checks', () => {
    expect(files.some((f) => relative(SRC, f).startsWith('routes/'))).toBe(true);
    expect(files.length).toBeGreaterThan(50);
  });

  it('recognises SQL and imports of app.ts when it sees them', () => {
    expect(sqlSigns("import type { Knex } from 'knex';")).toEqual(['imports knex']);
    expect(sqlSigns("await db('messages').where({ id }).first();")).toEqual(['calls .where(', 'calls db(']);
    expect(sqlSigns("await trx.raw('SELECT 1')")).toEqual(['calls .raw(']);
    expect(sqlSigns("await trx('users').insert(row)")).toEqual(['calls trx(']);
    expect(sqlSigns('await loadSender(db, realmId, userId)')).toEqual([]);
    expect(relativeImports("import type { MessageDeps } from '../app';\nexport * from './app';")).toEqual(['../app', './app']);
    expect(namesApp(join(SRC, 'routes', 'x.ts'), '../app')).toBe(true);
    expect(namesApp(join(SRC, 'routes', 'x.ts'), '../deps')).toBe(false);
  });

  it('runs no SQL in routes/', () => {
    const offenders = files
      .filter((f) => relative(SRC, f).startsWith('routes/'))
      .flatMap((f) => sqlSigns(readFileSync(f, 'utf8')).map((sign) => `${relative(SRC, f)} ${sign}`));
    expect(offenders).toEqual([]);
  });

  it('imports app.ts only from the entry files', () => {
    const offenders = files
      .filter((f) => !(dirname(f) === SRC && ENTRY_FILES.has(relative(SRC, f))))
      .flatMap((f) =>
        relativeImports(readFileSync(f, 'utf8'))
          .filter((s) => namesApp(f, s))
          .map((s) => `${relative(SRC, f)} imports ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('has no domain/ or store/ folder', () => {
    expect(['domain', 'store'].filter((folder) => existsSync(join(SRC, folder)))).toEqual([]);
  });
});
