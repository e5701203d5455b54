import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';
import { composeOptions } from './compose';

/**
 * Development mail: each message becomes one .eml file (the bytes an SMTP relay would have been
 * handed) in `dir`, which any mail client opens. Names start with the time, so a listing is in
 * sending order.
 */
export function folderMailer(dir: string, from: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'folder',
    async send(message) {
      const info = await composer.sendMail(composeOptions(message, from));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written beside and renamed, so whoever watches the folder never reads half a mail.
      const partial = join(dir, `.${name}.part`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(dir, name));
    },
    describe: () => `outgoing mail is written to ${dir} (one .eml file per mail; set EMAIL_HOST to send it)`,
    async close() {
      composer.close();
    },
  };
}
