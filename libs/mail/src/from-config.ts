import { join } from 'node:path';
import type { Config } from '@chat/config';
import { noMailer, type Mailer } from './mailer';
import { smtpMailer } from './smtp';
import { folderMailer } from './folder';

export type MailConfig = Pick<
  Config,
  | 'emailBackend'
  | 'emailHost'
  | 'emailPort'
  | 'emailHostUser'
  | 'emailHostPassword'
  | 'emailUseTls'
  | 'emailUseSsl'
  | 'emailFolder'
  | 'noreplyEmailAddress'
  | 'dataDir'
  | 'externalHost'
>;

/** Zulip's default: noreply@ the host name clients use, without its port. */
export function noreplyAddress(config: Pick<Config, 'noreplyEmailAddress' | 'externalHost'>): string {
  return config.noreplyEmailAddress || `noreply@${config.externalHost.replace(/:\d+$/, '')}`;
}

/** The mailer the configuration asks for (validated by loadConfig). */
export function mailerFromConfig(config: MailConfig): Mailer {
  const from = noreplyAddress(config);
  switch (config.emailBackend) {
    case 'smtp':
      return smtpMailer({
        host: config.emailHost,
        port: config.emailPort,
        user: config.emailHostUser,
        password: config.emailHostPassword,
        useTls: config.emailUseTls,
        useSsl: config.emailUseSsl,
        from,
      });
    case 'folder':
      return folderMailer(config.emailFolder || join(config.dataDir, 'mail'), from);
    case 'none':
      return noMailer();
  }
}
