import { useState, type MutableRef } from 'preact/hooks';
import { errorText, uploadFile } from '../../api';
import { insertAt, replacePlaceholder, uploadLink, uploadPlaceholder } from './compose';

/**
 * Files attached to the message. Each holds its place in the text while it uploads, and its link
 * replaces that when done: uploads finish in any order, and each change applies to the text as
 * it is by then.
 */
export function useUploads(
  text: MutableRef<HTMLTextAreaElement | null>,
  content: string,
  setContent: (change: (now: string) => string) => void,
  setError: (error: string) => void,
) {
  const [uploading, setUploading] = useState(0);
  const upload = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (list.length === 0) return;
    const el = text.current;
    const placeholders = list.map((file) => `${uploadPlaceholder(file.name)}\n`);
    const start = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? content.length;
    const inserted = insertAt(content, start, end, placeholders.join(''));
    setContent((now) => insertAt(now, start, end, placeholders.join('')).text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(inserted.caret, inserted.caret);
    });
    setUploading((n) => n + list.length);
    list.forEach((file, i) => {
      uploadFile(file)
        .then((uri) => setContent((now) => replacePlaceholder(now, placeholders[i]!, `${uploadLink(file.name, uri)}\n`)))
        .catch((e: unknown) => {
          setError(errorText(e));
          setContent((now) => replacePlaceholder(now, placeholders[i]!, ''));
        })
        .finally(() => setUploading((n) => n - 1));
    });
  };
  return { uploading, upload };
}
