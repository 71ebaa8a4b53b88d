import { describe, expect, it } from 'vitest';
import { AREAS, CatalogueError, LEVELS, parseRequirements, requirementById, requirements } from '../../spec/requirements.js';
import { specSectionIds } from '../../spec/spec-sections.js';

// The seam with openapi.yaml, the checks and the fault catalogue: these ids must exist verbatim.
const SEAM_IDS = `
MSG-SEND-TO-REQUIRED MSG-SEND-TO-E164 MSG-SEND-FROM-REQUIRED MSG-SEND-MESSAGE-REQUIRED MSG-SEND-MESSAGE-MAX
MSG-SEND-RESPONSE MSG-SEND-SUCCESS-2XX MSG-GET-RESPONSE MSG-GET-UNKNOWN-404 MSG-LIST-RESPONSE MSG-LIST-ENVELOPE
MSG-LIST-PAGE-MIN MSG-LIST-LIMIT-MIN MSG-LIST-LIMIT-MAX MSG-LIST-LIMIT-DEFAULT MSG-LIST-PAGE-DEFAULT
MSG-LIST-STATUS-ENUM MSG-LIST-DIRECTION-ENUM MSG-LIST-FILTER-STATUS MSG-LIST-FILTER-DIRECTION MSG-STATUS-ENUM
MSG-DIRECTION-ENUM MSG-NEW-QUEUED MSG-FIELDS-REQUIRED
TPL-TEMPLATE-REQUIRED TPL-TO-REQUIRED TPL-TO-E164 TPL-DATA-OBJECT TPL-METADATA-OBJECT TPL-RESPONSE TPL-VARIANT
TPL-FALLBACK TPL-UNKNOWN-404
IDEM-KEY-LENGTH IDEM-REPLAY IDEM-NO-DUPLICATE IDEM-BODY-MISMATCH-422 IDEM-IN-FLIGHT-409 IDEM-SCOPED-PER-KEY
TIER-STARTER-FREEFORM-402 TIER-STARTER-SHARED-NUMBER TIER-GROWTH-FREEFORM TIER-GROWTH-TEMPLATE
WH-URL-REQUIRED WH-URL-FORMAT WH-URL-HTTPS WH-URL-PRIVATE WH-URL-USERINFO WH-EVENTS-REQUIRED WH-EVENTS-MIN
WH-EVENTS-ENUM WH-ID-UUID WH-UNKNOWN-404 WH-CREATE-RESPONSE WH-SECRET-ONCE WH-SECRET-WARNING WH-LIST-NO-SECRET
WH-LIST-BARE-ARRAY WH-UPDATE-NO-SECRET WH-UPDATE-BOTH-REQUIRED WH-DELETE-NO-BODY WH-ROTATE-NEW-SECRET
WH-ROTATE-INVALIDATES-OLD WH-TEST-RESPONSE WH-TEST-COMPLETES-ON-FAILURE WH-TEST-RECORDED
DLV-BARE-ARRAY DLV-RECORD-FIELDS DLV-RESPONSE-BODY-MAX DLV-STATUS-CODE-NULL DLV-PAGE-MIN DLV-LIMIT-DEFAULT
DLV-LIMIT-MAX DLV-TEST-FLAG DLV-EVENT-ENUM DLV-EACH-ATTEMPT-RECORDED
EVT-PAYLOAD-SHAPE EVT-SUBSCRIBED-ONLY EVT-LIFECYCLE-ORDER EVT-FAILED-REASON EVT-DELIVERED-ID EVT-STATUS-UPDATED
EVT-RETRY EVT-RECEIVER-200 EVT-RECEIVED-PAYLOAD
SIG-HEADER-PRESENT SIG-HMAC-SHA256 SIG-RAW-BODY SIG-TIMESTAMP SIG-CURRENT-SECRET
AUTH-API-KEY-HEADER AUTH-MISSING-401 AUTH-UNKNOWN-401 AUTH-SIMULATOR-ANY-KEY
RATE-LIMIT-100 RATE-RETRY-AFTER SIM-NO-RATE-LIMIT SIM-WEBHOOK-URL
ERR-VALIDATION-4XX ERR-NO-5XX ERR-BODY-SHAPE ERR-JSON-CONTENT-TYPE
USER-ME-CONNECTION USER-ME-SHAPE VER-PATH-PREFIX
`
  .split(/\s+/)
  .filter(Boolean);

describe('spec/requirements.yaml', () => {
  it('holds at least 60 requirements with unique, well-formed ids', () => {
    expect(requirements.length).toBeGreaterThanOrEqual(60);
    const ids = requirements.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const pattern = new RegExp(`^(${AREAS.join('|')})(-[A-Z0-9]+)+$`);
    expect(ids.filter((id) => !pattern.test(id))).toEqual([]);
  });

  it('cites only sections that are headings of the spec text', () => {
    const sections = specSectionIds();
    expect(requirements.filter((r) => !sections.has(r.section)).map((r) => `${r.id}@${r.section}`)).toEqual([]);
  });

  it('uses only valid levels, one-line texts, and marks DESIGN decisions below must', () => {
    expect(requirements.filter((r) => !LEVELS.includes(r.level))).toEqual([]);
    expect(requirements.filter((r) => r.text.includes('\n'))).toEqual([]);
    // DESIGN.md §4: a decision where the spec is silent is never checked at must.
    expect(requirements.filter((r) => r.source === 'design' && r.level === 'must').map((r) => r.id)).toEqual([]);
  });

  it('contains every id of the seam list', () => {
    expect(SEAM_IDS.length).toBe(105);
    expect(SEAM_IDS.filter((id) => requirementById(id) === undefined)).toEqual([]);
  });

  it('keeps the levels the spec text supports for the contested cases', () => {
    const level = (id: string) => requirementById(id)?.level;
    expect([level('TIER-STARTER-FREEFORM-402'), level('RATE-LIMIT-100'), level('ERR-VALIDATION-4XX')]).toEqual(['must', 'must', 'must']);
    expect([level('RATE-RETRY-AFTER'), level('AUTH-MISSING-401'), level('ERR-VALIDATION-400'), level('MSG-SEND-STATUS-201')]).toEqual([
      'should',
      'should',
      'should',
      'should',
    ]);
    expect(level('ERR-BODY-SHAPE')).toBe('observe');
  });

  it('returns undefined for an unknown id', () => {
    expect(requirementById('MSG-NOPE')).toBeUndefined();
  });
});

describe('parseRequirements', () => {
  const entry = (fields: string) => `requirements:\n  - id: MSG-X\n    section: '4.1'\n    level: must\n    text: "t"\n${fields}`;

  it('accepts a well-formed entry with optional fields', () => {
    const [r] = parseRequirements(entry('    profiles: [simulator]\n    source: design\n    unbreakable: "needs a carrier"\n'));
    expect(r).toEqual({ id: 'MSG-X', section: '4.1', level: 'must', text: 't', profiles: ['simulator'], source: 'design', unbreakable: 'needs a carrier' });
    const [u] = parseRequirements(entry('    uncheckable: "seen only at a carrier"\n'));
    expect(u?.uncheckable).toBe('seen only at a carrier');
  });

  it.each([
    ['a bad level', entry('').replace('level: must', 'level: may')],
    ['an unknown area', entry('').replace('MSG-X', 'FOO-X')],
    ['a lower-case id', entry('').replace('MSG-X', 'MSG-x')],
    ['an unquoted numeric section', entry('').replace("'4.1'", '4.1')],
    ['an unknown profile', entry('    profiles: [staging]\n')],
    ['an unknown field', entry('    note: x\n')],
    ['a missing text', entry('').replace('    text: "t"\n', '')],
    ['a duplicate id', entry('') + entry('').replace('requirements:\n', '')],
    ['no list', 'items: []\n'],
    ['broken YAML', 'requirements: [\n'],
  ])('throws a CatalogueError on %s', (_name, text) => {
    expect(() => parseRequirements(text)).toThrow(CatalogueError);
  });

  it('names the entry and the field in the message', () => {
    expect(() => parseRequirements(entry('').replace('level: must', 'level: may'))).toThrow(
      /entry #1 \(MSG-X\): level "may" is not one of must, should, observe/,
    );
  });
});
