/**
 * What a `manage` verb is: its name, its usage line, its options (node:util parseArgs) and what it
 * does. cli.ts lists the verb groups; a group is a file here exporting an array of verbs, so adding
 * one is an import and a line in that list.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApiError } from '@chat/errors';
import type { SettingsContext } from '../deps';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** A password typed at a prompt (not echoed), or the first line of a piped stdin. */
  readPassword(prompt: string): Promise<string>;
  /** Writes a file only its owner may read (print-zuliprc --output: it holds an API key). */
  writePrivateFile(path: string, text: string): void;
}

export type VerbOptions = NonNullable<ParseArgsConfig['options']>;

export interface VerbArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export interface Verb {
  name: string;
  /** The arguments after the name, for the usage text. */
  usage: string;
  options: VerbOptions;
  run(ctx: SettingsContext, args: VerbArgs, io: CliIo): Promise<void>;
}

/** Every verb that acts on one realm takes --realm (needed once the server has more than one). */
export const REALM_OPTION: VerbOptions = { realm: { type: 'string' } };

export function fail(msg: string): never {
  throw new ApiError(msg);
}

/** A string option's value, or the failure naming it. */
export function required(args: VerbArgs, name: string): string {
  const value = args.values[name];
  return typeof value === 'string' && value !== '' ? value : fail(`--${name} is required`);
}

export function optional(args: VerbArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function usageOf(verbs: readonly Verb[]): string {
  return ['usage: manage <verb> [options]', ...verbs.map((verb) => `  ${verb.name} ${verb.usage}`)].join('\n');
}

export interface Command {
  verb: Verb;
  args: VerbArgs;
}

/**
 * The verb argv names and its arguments, before any database is opened; unknown verbs and
 * options fail in one line after the usage text.
 */
export function parseCommand(verbs: readonly Verb[], argv: string[], io: CliIo): Command {
  const [name, ...rest] = argv;
  const verb = verbs.find((candidate) => candidate.name === name?.replace(/_/g, '-'));
  if (!verb) {
    io.err(usageOf(verbs));
    fail(name ? `Unknown verb '${name}'.` : 'Give a verb.');
  }
  let args: VerbArgs;
  try {
    args = parseArgs({ args: rest, allowPositionals: true, strict: true, options: verb.options });
  } catch (err) {
    io.err(`usage: manage ${verb.name} ${verb.usage}`);
    // node's first sentence names the option; the rest is advice about '--' that does not apply.
    fail(
      `${String(err instanceof Error ? err.message : err)
        .split('. ')[0]!
        .replace(/\.$/, '')}.`,
    );
  }
  return { verb, args };
}

export function runVerb(verbs: readonly Verb[], ctx: SettingsContext, argv: string[], io: CliIo): Promise<void> {
  const { verb, args } = parseCommand(verbs, argv, io);
  return verb.run(ctx, args, io);
}
