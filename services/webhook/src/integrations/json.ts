/**
 * The generic JSON integration: any service that can POST JSON gets its payload shown as a
 * highlighted, indented block (topic "JSON" unless the URL names one). It is also how one sees
 * what an unknown service sends before writing an integration for it.
 */
import type { Integration } from '../framework/integration';
import { parseJson } from '../framework/payload';

export const json: Integration = {
  name: 'json',
  // Any JSON value, not only objects: the handler shows it whole.
  parse: (request) => ({ value: parseJson(request.body) }),
  handle({ value }) {
    const pretty = JSON.stringify(value, null, 2);
    // A fence longer than any backtick run inside, so a payload cannot close the block early.
    const longestRun = Math.max(2, ...(pretty.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longestRun + 1);
    return [{ topic: 'JSON', content: `${fence}json\n${pretty}\n${fence}` }];
  },
};
