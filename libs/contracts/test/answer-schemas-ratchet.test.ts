/**
 * Answers leave the tag records for schemas one endpoint at a time, and never go back: the
 * endpoints still declared by tags are listed in ./answers-still-on-tags.txt. A new endpoint
 * declared by tags fails here, and so does a listed one that has moved to a schema (strike it
 * from the list), so the list only shrinks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACTS, isAnswerSchema, publicPath, type AnyContract } from '../src';

/** `GET /api/v1/users (getUsers)`: the operation id tells apart two declarations of one route. */
const entry = (contract: AnyContract) => `${contract.method} ${publicPath(contract)} (${contract.name})`;

const LIST = join(__dirname, 'answers-still-on-tags.txt');
const listed = readFileSync(LIST, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

describe('answers declared by tags', () => {
  const onTags = CONTRACTS.filter((contract) => !isAnswerSchema(contract.success)).map(entry);

  it('no endpoint is added to the list: a new one declares its answer by schema', () => {
    expect(onTags.filter((endpoint) => !listed.includes(endpoint))).toEqual([]);
  });

  it('no listed endpoint has moved to a schema without leaving the list', () => {
    expect(listed.filter((endpoint) => !onTags.includes(endpoint))).toEqual([]);
  });

  it('migrated endpoints stay on schemas', () => {
    const bySchema = CONTRACTS.filter((contract) => isAnswerSchema(contract.success)).map(entry);
    expect(bySchema).toEqual(
      expect.arrayContaining([
        'GET /api/v1/messages (getMessages)',
        'GET /api/v1/messages/:message_id (getMessage)',
        'POST /api/v1/register (register)',
      ]),
    );
  });
});
