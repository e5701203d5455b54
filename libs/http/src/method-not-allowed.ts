/**
 * The answer for a known path and another method, the same from a service and from the gateway:
 * Zulip's json_method_not_allowed. Django's HttpResponseNotAllowed sets Allow, and unlike
 * json_response the body has no trailing newline. OPTIONS lists the methods too.
 */
import type { Router } from 'express';
import type { Method } from '@chat/contracts';

export function addMethodNotAllowed(router: Router, routes: readonly { method: Method; path: string }[]): void {
  const methodsByPath = new Map<string, Method[]>();
  for (const route of routes) methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  for (const [path, methods] of methodsByPath) {
    const allow = methods.join(', ');
    router.all(path, (req, res) => {
      res.setHeader('Allow', allow);
      if (req.method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
      const body = { result: 'error', msg: 'Method Not Allowed', allowed_methods: methods };
      res.status(405).type('application/json').send(JSON.stringify(body));
    });
  }
}
