/** What one operation needs beyond its schemas before a generated request is valid for a target. */
export interface OperationFixture {
  /** An operation called (with the same path values) before the checks' requests, so the answer has content. */
  readonly prime?: string;
  /** Makes a schema-valid body valid for the target too (semantic rules the schema cannot state). */
  readonly adjustBody?: (body: unknown) => unknown;
}

// DESIGN.md §4 "templates" (spec §2.5 does not show the catalogue): otp-verify with the variables {code, company}.
const knownTemplate = { template: 'otp-verify', variant: 'en', data: { code: '123456', company: 'Conformance' } };

/** Fills the template fields with a known template and its variables, keeping the other generated fields. */
function withKnownTemplate(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const generated = body as Record<string, unknown>;
  const data = typeof generated.data === 'object' && generated.data !== null && !Array.isArray(generated.data) ? generated.data : {};
  return {
    ...generated,
    template: knownTemplate.template,
    ...('variant' in generated ? { variant: knownTemplate.variant } : {}),
    data: { ...data, ...knownTemplate.data },
  };
}

/**
 * The per-operation fixtures (everything else is derived from the contract: path ids are created through the POST
 * of their collection and deleted afterwards).
 */
export const operationFixtures: Readonly<Record<string, OperationFixture>> = {
  // a test send records a delivery, so the bare array has a record whose fields can be validated (spec §4.2)
  listWebhookDeliveries: { prime: 'testWebhook' },
  sendTemplateMessage: { adjustBody: withKnownTemplate },
};
