/**
 * Signed payloads (Zulip's validate_webhook_signature): with `webhook_secret` in the URL, the
 * header must hold the HMAC of the raw body under that secret. Compared in constant time, so the
 * answer's timing says nothing about how much of a guess was right.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '@chat/errors';
import type { SignatureRule, WebhookRequest } from './integration';

export function checkSignature(rule: SignatureRule, request: WebhookRequest): void {
  const secret = request.query.webhook_secret;
  if (secret === undefined) return;
  const header = request.headers[rule.header.toLowerCase()];
  const sent = (Array.isArray(header) ? header[0] : header) ?? '';
  const digest = sent.startsWith(rule.prefix ?? '') ? sent.slice((rule.prefix ?? '').length) : '';
  const expected = createHmac(rule.algorithm, secret).update(request.body).digest();
  const given = /^[0-9a-fA-F]*$/.test(digest) ? Buffer.from(digest, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badRequest('Webhook signature verification failed.');
  }
}
