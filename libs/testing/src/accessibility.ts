/**
 * axe-core run in a page: the serious and critical violations of what the page shows now, each
 * named by the screen it was found on, so one assertion can cover a walk through several screens.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  screen: string;
  id: string;
  impact: string;
  nodes: number;
  target: unknown;
}

let axeSource: string | undefined;

export async function seriousA11yViolations(page: Page, screen: string): Promise<A11yViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0] && v.nodes[0].target })))`,
  )) as Omit<A11yViolation, 'screen'>[];
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ screen, ...v }));
}
