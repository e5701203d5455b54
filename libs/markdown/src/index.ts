/**
 * Markdown to HTML for message content. This first version renders the subset every message
 * needs safely (escaped HTML, paragraphs, line breaks as Zulip's nl2br); the full Zulip dialect is
 * measured against ../../shared/reference/markdown_test_cases.json.
 */
export interface RenderResult {
  html: string;
  isMeMessage: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderMarkdown(content: string): RenderResult {
  const paragraphs = content
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  const html = paragraphs.map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>\n')}</p>`).join('\n');
  return { html, isMeMessage: /^\/me\s/.test(content) };
}
