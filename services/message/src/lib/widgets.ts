/**
 * A message that starts with `/poll` or `/todo` becomes a widget (Zulip's get_widget_data and
 * do_widget_post_save_actions): its first submessage, sent by the sender with msg_type `widget`,
 * holds the widget's type and its initial data, which clients draw and later submessages (votes,
 * new options, checked tasks; POST /submessage) change. What the content makes, without I/O;
 * actions/widget-submessage.ts stores it.
 */

type WidgetData =
  | { widget_type: 'poll'; extra_data: { question: string; options: string[] } }
  | { widget_type: 'todo'; extra_data: { task_list_title: string; tasks: { task: string; desc: string }[] } };

/** The lines after the first, each without a leading list marker (`-` or `*`), empty ones dropped. */
function items(lines: string[]): string[] {
  return lines.map((line) => line.trim().replace(/^\s*[-*]?\s*/, '')).filter((line) => line.length > 0);
}

export function widgetData(content: string): WidgetData | undefined {
  const command = content.split(/\s+/)[0] ?? '';
  if (command !== '/poll' && command !== '/todo') return undefined;
  const [first = '', ...rest] = content.replace(command, '').split(/\r\n|\r|\n/);
  const title = first.trim();
  if (command === '/poll') return { widget_type: 'poll', extra_data: { question: title, options: items(rest) } };
  const tasks = items(rest).map((line) => {
    // A task and its description are separated by the first colon.
    const colon = line.indexOf(':');
    return colon < 0 ? { task: line.trim(), desc: '' } : { task: line.slice(0, colon).trim(), desc: line.slice(colon + 1).trim() };
  });
  return { widget_type: 'todo', extra_data: { task_list_title: title, tasks } };
}

/**
 * JSON as Python's json.dumps writes it (", " and ": " separators, non-ASCII escaped), which is
 * the text Zulip stores and clients have always been given.
 */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pythonJson(k)}: ${pythonJson(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
