/** Zulip's webhook errors (zerver/lib/exceptions.py, zerver/lib/webhooks/common.py). */
import { ApiError } from '@chat/errors';

/**
 * An event the third party sends that no message is made of. Answered 200, so the service does
 * not count it as a failed delivery and disable the hook, with a body saying it was ignored.
 */
export function unsupportedEvent(webhookName: string, eventType: string): ApiError {
  return new ApiError(`The '${eventType}' event isn't currently supported by the ${webhookName} webhook; ignoring`, {
    code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
    status: 200,
    extra: { webhook_name: webhookName, event_type: eventType },
  });
}

export function missingEventHeader(header: string): ApiError {
  return new ApiError(`Missing the HTTP event header '${header}'`, {
    code: 'MISSING_HTTP_EVENT_HEADER',
    extra: { header },
  });
}

/**
 * A payload that cannot be from the service (Zulip's AnomalousWebhookPayloadError): 400, so a
 * misdirected hook shows as failing.
 */
export function anomalousPayload(webhookName: string): ApiError {
  return new ApiError(`Unable to parse request: Did ${webhookName} generate this event?`, {
    code: 'ANOMALOUS_WEBHOOK_PAYLOAD',
    extra: { webhook_name: webhookName },
  });
}
