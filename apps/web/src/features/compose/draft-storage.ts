/**
 * Drafts in the browser's localStorage, per account (two people sharing a browser keep theirs
 * apart). The server has no drafts endpoints yet; when it serves Zulip's /drafts, this is the
 * place to synchronise through it.
 */
import { app } from '../../store';
import { draftFor, parseDrafts, pruneDrafts, removeDraft, saveDraft, type Drafts } from './drafts';

const storageKey = () => `chat.drafts:${app.get().selfEmail}`;

function read(): Drafts {
  try {
    return parseDrafts(localStorage.getItem(storageKey()));
  } catch {
    return {};
  }
}

function write(before: Drafts, after: Drafts): void {
  if (after === before) return;
  try {
    if (Object.keys(after).length === 0) localStorage.removeItem(storageKey());
    else localStorage.setItem(storageKey(), JSON.stringify(after));
  } catch {
    /* Storage full or refused (private browsing): the draft lives as long as the page. */
  }
}

export function storedDraft(key: string): string | undefined {
  return draftFor(read(), key, Date.now());
}

export function storeDraft(key: string, content: string): void {
  const before = read();
  write(before, saveDraft(pruneDrafts(before, Date.now()), key, content, Date.now()));
}

export function forgetDraft(key: string): void {
  const before = read();
  write(before, removeDraft(before, key));
}
