/**
 * The generic JSON integration: any service that can POST a JSON object gets it posted back as
 * an indented json code block, topic "JSON" unless the URL names one. It is also how one sees
 * what an unknown service sends before writing an integration for it.
 */
import { ApiError } from '@chat/errors';
import type { Integration } from '../../framework/integration';
import { pythonIndentedJson } from './python-json';

export const json: Integration = {
  name: 'json',
  // Written out from the body itself: parsing into JavaScript values would reorder keys and round numbers.
  parse: (request) => {
    const { text, isObject } = pythonIndentedJson(request.body);
    if (!isObject) throw new ApiError('payload is not a dict', { code: 'BAD_REQUEST' });
    return { text };
  },
  handle({ text }) {
    return [{ topic: 'JSON', content: `\`\`\`json\n${String(text)}\n\`\`\`` }];
  },
};
