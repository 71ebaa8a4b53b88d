import { fixtureTemplate, tokenPlaceholder } from '../../targets/index.js';
import type { TargetConventions } from '../../targets/index.js';
import type { Need } from '../checks/index.js';

/** What one operation needs beyond its schemas before a generated request is valid for a target. */
export interface OperationFixture {
  /** An operation called (with the same path values) before the checks' requests, so the answer has content. */
  readonly prime?: string;
  /** Makes a schema-valid body valid for the target too (semantic rules the schema cannot state). */
  readonly adjustBody?: (body: unknown, conventions: TargetConventions | undefined) => unknown;
  /** Target conventions the fixture reads (the checks of the operation are skipped without them). */
  readonly needs?: readonly Need[];
}

/**
 * Fills the template fields with the target's fixture template (spec §2.5 does not show the catalogue: a target setting,
 * DESIGN.md §4's otp-verify on the reference), its variables and its first variant, keeping the other generated fields.
 */
function withKnownTemplate(body: unknown, conventions: TargetConventions | undefined): unknown {
  const catalogue = conventions?.templates;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !catalogue) return body;
  const template = fixtureTemplate(catalogue);
  const generated = body as Record<string, unknown>;
  const data = typeof generated.data === 'object' && generated.data !== null && !Array.isArray(generated.data) ? generated.data : {};
  const variables = Object.fromEntries(Object.entries(template.variables).map(([name, value]) => [name, value.split(tokenPlaceholder).join('Conformance')]));
  const { variant: _generated, ...rest } = generated;
  const variant = template.variants[0];
  return { ...rest, template: template.id, ...('variant' in generated && variant !== undefined ? { variant } : {}), data: { ...data, ...variables } };
}

/**
 * The per-operation fixtures (everything else is derived from the contract: path ids are created through the POST
 * of their collection and deleted afterwards).
 */
export const operationFixtures: Readonly<Record<string, OperationFixture>> = {
  // a test send records a delivery, so the bare array has a record whose fields can be validated (spec §4.2)
  listWebhookDeliveries: { prime: 'testWebhook' },
  sendTemplateMessage: { adjustBody: withKnownTemplate, needs: ['templates'] },
};
