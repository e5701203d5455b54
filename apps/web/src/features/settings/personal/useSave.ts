/** A form's call to the server: busy while it runs, the server's refusal as its message. */
import { useState } from 'preact/hooks';
import { errorText } from '../../../api';

export interface Save {
  busy: boolean;
  error: string | null;
  done: string | null;
  run(call: () => Promise<unknown>, doneText?: string): Promise<boolean>;
}

export function useSave(): Save {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return {
    busy,
    error,
    done,
    async run(call, doneText) {
      setBusy(true);
      setError(null);
      setDone(null);
      try {
        await call();
        setDone(doneText ?? null);
        return true;
      } catch (err) {
        setError(errorText(err));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}
