import { useState } from 'preact/hooks';
import { initials } from './util';

/**
 * A person's picture: their avatar (uploaded, served by this server, or Gravatar's), or their
 * initials where there is none or it cannot load (Gravatar is unreachable from many networks).
 */
export function Avatar({ url, name, size = 36 }: { url: string | null | undefined; name: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return (
      <span class="avatar initials" style={size === 36 ? undefined : { width: size, height: size }} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img class="avatar" src={url} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(url)} />;
}
