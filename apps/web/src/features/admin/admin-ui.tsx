/**
 * What every administration screen shares: loading its data (again after each change), running
 * a change with the server's refusal shown as its message, and multipart uploads.
 */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { csrfToken, errorText } from '../../api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import './admin.css';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** Loads again; settles once the new data (or error) is shown. */
  reload: () => Promise<void>;
}

export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    let current = true;
    const settle = () => {
      for (const resolve of waiting.current.splice(0)) resolve();
    };
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(null);
        settle();
      },
      (err: unknown) => {
        if (!current) return;
        setError(errorText(err));
        settle();
      },
    );
    return () => {
      current = false;
    };
    // The loader is the screen's own; a reload is asked for by bumping the version.
  }, [version]);
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setVersion((v) => v + 1);
      }),
    [],
  );
  return { data, error, reload };
}

export interface Action {
  busy: boolean;
  error: string | null;
  notice: string | null;
  /** Runs a change; on success awaits `after` (a reload), then shows `done`. */
  run: (change: () => Promise<unknown>, done: string, after?: () => unknown) => Promise<boolean>;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (change: () => Promise<unknown>, done: string, after?: () => unknown) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await change();
      await after?.();
      setNotice(done);
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, notice, run };
}

export function ActionStatus({ action }: { action: Action }) {
  return (
    <>
      <ErrorAlert error={action.error} />
      {action.notice && (
        <p role="status" class="notice">
          {action.notice}
        </p>
      )}
    </>
  );
}

export function AdminScreen({ title, loaded, children }: { title: string; loaded: Loaded<unknown>; children: ComponentChildren }) {
  return (
    <section class="settings-section admin-screen" aria-label={title}>
      <ErrorAlert error={loaded.error} />
      {loaded.data === null && !loaded.error ? <p role="status">Loading…</p> : children}
    </section>
  );
}

function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('msg' in body)) return null;
  return typeof body.msg === 'string' && body.msg ? body.msg : null;
}

/** POSTs one file (and form fields) as multipart/form-data under /json; the server's refusal is thrown as its message. */
export async function uploadForm(path: string, file: File, fields: Record<string, string> = {}): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, file.name);
  const res = await fetch(`/json${path}`, {
    method: 'POST',
    body: form,
    headers: { 'X-CSRFToken': csrfToken() },
    credentials: 'same-origin',
  });
  if (res.ok) return;
  const body: unknown = await res.json().catch(() => null);
  throw new Error(messageOf(body) ?? `Upload failed (${res.status})`);
}
