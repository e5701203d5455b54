/** "Download zuliprc": the file Zulip's tools read, for an e-mail address and its API key. */
import { app, useStore } from '../../../store';
import { downloadText } from './download';
import { zuliprcFileName, zuliprcText } from './zuliprc';

export function ZuliprcDownload({ email, apiKey, isBot = false }: { email: string; apiKey: string; isBot?: boolean }) {
  const download = () => downloadText(zuliprcFileName(email, isBot), zuliprcText({ email, apiKey, site: location.origin }));
  return (
    <button type="button" onClick={download}>
      Download zuliprc
    </button>
  );
}

/** The person's own zuliprc, for the key they were just shown. */
export function OwnZuliprcDownload({ apiKey }: { apiKey: string }) {
  const email = useStore(app, (s) => s.selfEmail);
  return <ZuliprcDownload email={email} apiKey={apiKey} />;
}
