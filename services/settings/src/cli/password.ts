/** The password prompt of create-user. */
import { ApiError } from '@chat/errors';

/** Reads a password without echoing it when stdin is a terminal; else the first line of stdin. */
export function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let text = '';
    const tty = stdin.isTTY;
    if (tty) {
      process.stderr.write(prompt);
      stdin.setRawMode(true);
    }
    stdin.setEncoding('utf8');
    const done = (value: string) => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      if (tty) {
        stdin.setRawMode(false);
        process.stderr.write('\n');
      }
      stdin.pause();
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\u0003') return reject(new ApiError('Cancelled.'));
        if (ch === '\r' || ch === '\n') return done(text);
        if (ch === '\u007f') text = text.slice(0, -1);
        else text += ch;
      }
    };
    const onEnd = () => done(text);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
  });
}
