/**
 * Zulip's walkthrough integration (behaviour notes section 6): a greeting and a link to the day's
 * featured article. The text is Zulip 2.1's exactly, so its fixtures and tests carry over.
 */
import type { Integration } from '../framework/integration';
import { requireString } from '../framework/payload';

export const helloworld: Integration = {
  name: 'helloworld',
  handle(payload) {
    // Both looked up before writing anything, so the error names the first missing one.
    const title = requireString(payload, 'featured_title');
    const url = requireString(payload, 'featured_url');
    const content = 'Hello! I am happy to be here! :smile:\n' + `The Wikipedia featured article for today is **[${title}](${url})**`;
    return [{ topic: 'Hello World', content }];
  },
};
