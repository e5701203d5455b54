/**
 * Linkifiers (realm filters) as Zulip 2.1 manages them: anyone lists them, administrators add
 * and remove them, and every change sends the realm's whole list in a realm_filters event.
 */
import type { Knex } from 'knex';
import RE2 from 're2';
import { ApiError, missingArgument, plainError } from '@chat/errors';
import { isRowId, writeNotices, type Executor } from '@chat/db';
import { userEventNotice } from '@chat/events';
import { isSupportedLinkifierPattern } from '@chat/markdown';
import {
  deleteRealmFilter,
  findRealmFilterByPattern,
  insertRealmFilter,
  realmFilterTriples,
} from '../store/realm-filters';

/** Zulip's OrganizationAdministratorRequired. */
export function organizationAdministratorRequired(): ApiError {
  return new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
}

/** The role is read from the database so a demotion counts at once (the identity may be cached). */
export async function requireRealmAdmin(db: Executor, realmId: number, userId: number): Promise<void> {
  const user: { role: string } | undefined = await db('users').where({ id: userId, realm_id: realmId }).first('role');
  if (user?.role !== 'admin') throw organizationAdministratorRequired();
}

const BLANK = 'This field cannot be blank.';
export const INVALID_PATTERN = 'Invalid filter pattern.  Valid characters are [ a-zA-Z_#=/:+!-].';
export const INVALID_URL = 'Enter a valid URL.';
export const INVALID_FORMAT = 'Invalid URL format string.';
const DUPLICATE = 'Realm filter with this Realm and Pattern already exists.';

const WORD = '[\\p{L}\\p{N}_]';
/**
 * Zulip's filter_pattern_validator: literal text from a small alphabet, each run followed by a
 * named group, the pattern ending with a group. On RE2 too: `(...(.+\))+` backtracks
 * exponentially on a backtracking engine (26 repeated groups and a stray character took 0.7 s,
 * doubling with each group).
 */
const PATTERN_SHAPE = new RE2(`^(?:(?:[\\p{L}\\p{N}_\\-#= /:]*|[+]|[!])(\\(\\?P<${WORD}+>.+\\)))+$`, 'u');
/** Zulip's filter_format_validator: URL text with at least one %(name)s field. */
const FORMAT_SHAPE = /^(?:[./:a-zA-Z0-9#_?=&;-]+%\(([a-zA-Z0-9_-]+)\)s)+[/a-zA-Z0-9#_?=&;-]*$/;
/** Django's URLValidator, in short: a web or FTP scheme, a host, an optional port and path. */
const URL_SHAPE = new RegExp(
  '^(?:https?|ftps?)://' +
    '(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?' +
    '(?:localhost|\\d{1,3}(?:\\.\\d{1,3}){3}|\\[[0-9a-f:.]+\\]|' +
    '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?(?:\\.(?!-)[\\p{L}\\p{N}-]{1,63}(?<!-))*\\.(?!-)(?:[\\p{L}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?)' +
    '(?::\\d{2,5})?' +
    '(?:[/?#]\\S*)?$',
  'iu',
);

/**
 * Zulip 2.1 answers a pattern Python cannot compile with the same message as a malformed one.
 * Here the pattern must compile on RE2, which linkifiers run on (linear time): lookaround and
 * backreferences are refused, as Zulip itself does since it moved linkifiers to RE2.
 */
function patternErrors(pattern: string): string[] {
  if (pattern === '') return [BLANK];
  if (!PATTERN_SHAPE.test(pattern) || !isSupportedLinkifierPattern(pattern)) return [INVALID_PATTERN];
  return [];
}

function urlErrors(url: string): string[] {
  if (url === '') return [BLANK];
  const errors: string[] = [];
  if (!URL_SHAPE.test(url)) errors.push(INVALID_URL);
  if (!FORMAT_SHAPE.test(url)) errors.push(INVALID_FORMAT);
  return errors;
}

/**
 * Zulip answers a failed model validation with json_error: the first message as `msg` (no code)
 * and every field's messages under `errors`.
 */
function validationError(errors: Record<string, string[]>): ApiError {
  const first = Object.values(errors)[0]![0]!;
  return new ApiError(first, { extra: { errors } });
}

/** Zulip's send_event to active_user_ids(realm): every active user and bot of the realm. */
async function notifyRealm(trx: Executor, realmId: number): Promise<void> {
  const users: { id: number }[] = await trx('users').where({ realm_id: realmId, is_active: true }).orderBy('id').select('id');
  const filters = await realmFilterTriples(trx, realmId);
  await writeNotices(trx, [userEventNotice(realmId, { type: 'realm_filters', realm_filters: filters }, users.map((u) => u.id))]);
}

export interface NewRealmFilter {
  pattern: string | undefined;
  urlFormatString: string | undefined;
}

/** POST /realm/filters: the administrator check comes first, as Zulip's decorator does. */
export async function doAddRealmFilter(db: Knex, realmId: number, userId: number, input: NewRealmFilter): Promise<number> {
  await requireRealmAdmin(db, realmId, userId);
  if (input.pattern === undefined) throw missingArgument('pattern');
  if (input.urlFormatString === undefined) throw missingArgument('url_format_string');
  const { pattern, urlFormatString } = input;
  const errors: Record<string, string[]> = {};
  const onPattern = patternErrors(pattern);
  const onUrl = urlErrors(urlFormatString);
  if (onPattern.length > 0) errors.pattern = onPattern;
  if (onUrl.length > 0) errors.url_format_string = onUrl;
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return db.transaction(async (trx) => {
    if (await findRealmFilterByPattern(trx, realmId, pattern)) throw validationError({ __all__: [DUPLICATE] });
    const id = await insertRealmFilter(trx, realmId, pattern, urlFormatString);
    await notifyRealm(trx, realmId);
    return id;
  });
}

/** DELETE /realm/filters/{id}. */
export async function doRemoveRealmFilter(db: Knex, realmId: number, userId: number, filterId: number): Promise<void> {
  await requireRealmAdmin(db, realmId, userId);
  await db.transaction(async (trx) => {
    if (!isRowId(filterId) || !(await deleteRealmFilter(trx, realmId, filterId))) throw plainError('Filter not found');
    await notifyRealm(trx, realmId);
  });
}

export async function listRealmFilters(db: Executor, realmId: number): Promise<[string, string, number][]> {
  return realmFilterTriples(db, realmId);
}
