/** Zulip's webhook errors (zerver/lib/exceptions.py, zerver/lib/webhooks/common.py). */
import { ApiError } from '@chat/errors';

export function unsupportedEvent(webhookName: string, eventType: string): ApiError {
  return new ApiError(`The '${eventType}' event isn't currently supported by the ${webhookName} webhook`, {
    code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE',
    extra: { webhook_name: webhookName, event_type: eventType },
  });
}

export function missingEventHeader(header: string): ApiError {
  return new ApiError(`Missing the HTTP event header '${header}'`, {
    code: 'MISSING_HTTP_EVENT_HEADER',
    extra: { header },
  });
}
