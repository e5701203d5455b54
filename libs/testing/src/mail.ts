import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';

// Loaded by the tests that read mail, not by every test file that imports the testing library.
const parser = () => import('mailparser').then((module) => module.simpleParser);

/** What a test reads from a delivered mail. */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The SMTP envelope's recipients (only for mail received by the test SMTP server). */
  envelopeTo: string[];
  /** Every header as written (lower-case name: its unfolded value), e.g. `list-unsubscribe`. */
  headers: Record<string, string>;
}

function received(parsed: ParsedMail, envelopeTo: string[] = []): ReceivedMail {
  const addresses = (field: ParsedMail['to']) =>
    (field === undefined ? [] : Array.isArray(field) ? field : [field]).map((a) => a.text).join(', ');
  return {
    from: parsed.from?.text ?? '',
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    envelopeTo,
    headers: Object.fromEntries(
      parsed.headerLines.map((h) => [
        h.key,
        h.line
          .slice(h.line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ]),
    ),
  };
}

/** Every .eml file the folder backend wrote into `dir`, in sending order; none when it does not exist. */
export async function readMailFolder(dir: string): Promise<ReceivedMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const simpleParser = await parser();
  return Promise.all(names.map(async (name) => received(await simpleParser(await readFile(join(dir, name))))));
}

export interface TestSmtpServer {
  port: number;
  mails: ReceivedMail[];
  /** The credentials the server demanded, as the client gave them. */
  logins: { username: string; password: string }[];
  close(): Promise<void>;
}

/**
 * A local SMTP server (nodemailer's own smtp-server) on a free port that keeps every mail it is
 * handed. With `auth` it requires a login with those credentials; TLS is off (the client must
 * then send with EMAIL_USE_TLS=false), as a relay on localhost typically is.
 */
export async function startSmtpServer(auth?: { username: string; password: string }): Promise<TestSmtpServer> {
  const [{ SMTPServer }, simpleParser] = await Promise.all([import('smtp-server'), parser()]);
  const mails: ReceivedMail[] = [];
  const logins: TestSmtpServer['logins'] = [];
  const server = new SMTPServer({
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(login, _session, callback) {
      logins.push({ username: login.username ?? '', password: login.password ?? '' });
      if (auth && login.username === auth.username && login.password === auth.password) return callback(null, { user: login.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream)
        .then((parsed) => {
          mails.push(received(parsed, envelopeTo));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
