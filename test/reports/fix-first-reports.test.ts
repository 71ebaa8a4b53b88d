// Every reporter leads with what to fix first, shows blocked as blocked and noted as noted, and stays bounded and
// safe with what a target sends (issue 14). Hand-built RunResults: test/support/run-result-fixture.ts.
import { describe, expect, it } from 'vitest';
import {
  consoleReporter,
  githubActionsReporter,
  htmlReporter,
  jsonReporter,
  junitReporter,
  markdownByteLimit,
  markdownReporter,
  reporters,
} from '../../reports/index.js';
import { cleanRun, hostileMessage, manyFailuresRun, partialBlocked, partialRun } from '../support/run-result-fixture.js';

const partial = partialRun();
const many = manyFailuresRun();
const clean = cleanRun();
const root = 'CONTRACT-CREATEWEBHOOK-POSITIVE';
const noted = 'CONTRACT-LISTMESSAGES-ERROR-BODY';
const render = (name: string, run = partial): string => (reporters[name] as { render: (r: typeof run) => string }).render(run);

/** The testcase element of a check in JUnit XML. */
function testcaseOf(xml: string, id: string): string {
  const start = xml.indexOf(`name="${id}: `);
  return xml.slice(start, xml.indexOf('</testcase>', start));
}

describe('what to fix first comes first', () => {
  it('HTML: the operations table, then the root cause that blocks the most, its dependents collapsed', () => {
    const html = htmlReporter.render(partial);
    expect(html.match(/<h2 id="([^"]+)"/)?.[1]).toBe('operations');
    expect(html.match(/<section class="failure[^"]*" id="check-([^"]+)"/)?.[1]).toBe(root);
    expect(html).toMatch(new RegExp(`<details><summary>${partialBlocked.createWebhook.length + 5} checks blocked behind it</summary>`));
    for (const anchor of ['operations', 'root-causes', 'failures', 'matrix', 'checks']) expect(html).toContain(`<a href="#${anchor}">`);
    expect(html.indexOf('id="root-causes"')).toBeLessThan(html.indexOf('id="failures"'));
    // the nav's failure count is the section's, named as the section is: root causes + other failures = the header's failed
    const roots = Number(/<a href="#root-causes">Root causes <span class="count">(\d+)/.exec(html)?.[1]);
    const others = Number(/<a href="#failures">Other failures <span class="count">(\d+)/.exec(html)?.[1]);
    expect(html).toContain(`<h2 id="failures">Other failures (${others})</h2>`);
    expect(roots + others).toBe(partial.checks.filter((c) => c.status === 'failed' && c.foldedInto === undefined).length);
  });

  it('Markdown: operations, then the root cause with a count and the first ids of what it blocks', () => {
    const md = markdownReporter.render(partial);
    expect(md.indexOf('## Operations')).toBeLessThan(md.indexOf('## Root causes'));
    expect(md.match(/^### .*$/m)?.[0]).toBe(`### FAIL \`${root}\` (must): title of ${root} · blocks 155 check(s)`);
    expect(md).toContain('| `sendMessage` | POST /v1/messages | refuses valid input | HTTP 400 · "body is required" |');
    expect(md).toContain('`WEBHOOK-CHECK-004` and 145 more');
    expect(md).toContain('Target answered: HTTP 400: "body is required"');
  });

  it('console: operations, then the root cause first, its blocked ids cut', () => {
    const text = consoleReporter.render(partial);
    expect(text.indexOf('Operations')).toBeLessThan(text.indexOf('Root causes'));
    expect(text.match(/^\s+1\. (.*)$/m)?.[1]).toMatch(new RegExp(`^FAIL ${root} \\[must\\].*blocks 155 check\\(s\\)`));
    expect(text).toMatch(/blocks: CONTRACT-UPDATEWEBHOOK-POSITIVE, .* and 145 more/);
  });

  it('github-actions annotates the root causes first and never a blocked check; JSON keeps the ordering data', () => {
    const lines = githubActionsReporter.render(partial).trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^::error title=${root}::`));
    expect(lines.map((line) => /title=([^:]+)::/.exec(line)?.[1])).toEqual([
      root,
      'CONTRACT-SENDMESSAGE-POSITIVE',
      'CONTRACT-LISTWEBHOOKS-POSITIVE',
      'noted (observe)',
    ]);
    expect(JSON.parse(jsonReporter.render(partial)).rootCauses[0].checkId).toBe(root);
  });
});

describe('blocked is blocked, noted is noted', () => {
  it('each reporter names the blocker of a blocked check', () => {
    expect(htmlReporter.render(partial)).toContain(`<span class="pill blocked">blocked</span> by <a href="#check-${root}">`);
    expect(markdownReporter.render(partial)).toContain(`- BLOCKED by \`${root}\`: 155 check(s): \`CONTRACT-UPDATEWEBHOOK-POSITIVE\``);
    expect(consoleReporter.render(partial)).toContain('Blocked (186): not run because a root cause above failed');
    expect(testcaseOf(junitReporter.render(partial), 'WEBHOOK-CHECK-000')).toContain(`<skipped message="blocked by ${root}: `);
    expect(githubActionsReporter.render(partial)).not.toMatch(/title=(WEBHOOK|MESSAGE)-CHECK-/);
    const json = JSON.parse(jsonReporter.render(partial));
    expect(json.checks.find((c: { id: string }) => c.id === 'WEBHOOK-CHECK-000')).toMatchObject({ status: 'blocked', blockedBy: root });
  });

  it('the counts have blocked and noted columns and the coverage is the summary as given', () => {
    const md = markdownReporter.render(partial);
    expect(md).toContain('| level | passed | failed | errored | blocked | noted | skipped |');
    expect(md).toContain('| **all** | **4** | **3** | **0** | **186** | **1** | **0** |');
    const { covered, total, percent, uncheckable = 0 } = partial.summary.requirements;
    for (const name of ['markdown', 'html', 'console']) expect(render(name)).toContain(`${covered} of ${total - uncheckable} checkable (${percent}%)`);
  });

  it('a noted check is "noted" in all six reporters, never a failure, and a clean run with one still conforms', () => {
    for (const run of [partial, clean]) {
      expect(testcaseOf(junitReporter.render(run), noted.replace('LISTMESSAGES', run === clean ? 'SENDMESSAGE' : 'LISTMESSAGES'))).toMatch(
        /<system-out>noted \(observe, never failing\): the error body/,
      );
    }
    expect(testcaseOf(junitReporter.render(partial), noted)).not.toMatch(/<failure|<error|<skipped/);
    expect(markdownReporter.render(partial)).toContain(`- NOTED \`${noted}\``);
    expect(markdownReporter.render(partial)).not.toContain(`FAIL \`${noted}\``);
    expect(htmlReporter.render(partial)).toMatch(new RegExp(`<span class="pill noted">noted</span> <a href="#check-${noted}">`));
    expect(consoleReporter.render(partial)).toContain(`Noted (1, observe: never failing): ${noted}`);
    expect(JSON.parse(jsonReporter.render(partial)).checks.find((c: { id: string }) => c.id === noted).status).toBe('noted');
    expect(clean.exitCode).toBe(0);
    expect(githubActionsReporter.render(clean)).toMatch(
      /^::notice title=noted \(observe\)::1 observe-level deviation\(s\) noted, never failing: CONTRACT-SENDMESSAGE-ERROR-BODY\n$/,
    );
    expect(consoleReporter.render(clean)).toContain('CONFORMS (fail-on should)');
    expect(markdownReporter.render(clean)).toMatch(/^# Conformance: ✅ CONFORMS/);
  });
});

describe('bounded, readable, safe', () => {
  it(`summary.md of 200 long failures stays under 40 KB and says where the rest is`, () => {
    const md = markdownReporter.render(many);
    expect(Buffer.byteLength(md)).toBeLessThan(40_000);
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(markdownByteLimit + 2000);
    expect(md).toMatch(/… and \d+ more failure\(s\) not shown here: see `report.html` and `results.json`/);
    expect(md.match(/^### .*$/m)?.[0]).toContain('CONTRACT-SENDMESSAGE-CASE-000');
    expect(md).toContain('…(+1,541 chars)');
    expect(md).not.toContain('x'.repeat(500));
  });

  it('a long value is shown once per failure: in full only in the reproduction of the HTML', () => {
    const html = htmlReporter.render(many);
    expect(html.split('x'.repeat(1601)).length - 1).toBe(200);
    expect(html).toContain(`&quot;message&quot;:&quot;${'x'.repeat(200)}…(+1,401 chars)&quot;`);
  });

  it('counterexamples print as valid JSON, never as {__proto__:null,…}', () => {
    for (const name of ['markdown', 'html', 'console', 'junit', 'github-actions']) expect(render(name)).not.toContain('__proto__');
    const blocks = [...markdownReporter.render(partial).matchAll(/```json\n(.*)\n```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBe(3);
    for (const block of blocks) expect(JSON.parse(block)).toMatchObject({ method: expect.any(String), body: { to: '+14155550100' } });
    const html = [...htmlReporter.render(many).matchAll(/Counterexample \(seed 7, path 0\):<\/div><pre><code>([^<]*)<\/code>/g)].map((m) => m[1] as string);
    expect(html).toHaveLength(200);
    const unescape = (text: string): string =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    for (const text of html) expect(JSON.parse(unescape(text)).body.message).toMatch(/^x{200}…\(\+1,401 chars\)$/);
  });

  it('a target message with ESC and C1 bytes reaches no report raw: it shows escaped', () => {
    expect(JSON.stringify(partial)).toContain('\\u001b');
    for (const name of Object.keys(reporters)) {
      const text = render(name);
      expect(text.includes('\u001b') || text.includes('\u009b'), name).toBe(false);
      // the HAR holds exchanges only, and this fixture recorded none
      if (name !== 'har') expect(text, name).toContain('u001b[31m red');
    }
    expect(consoleReporter.render(partial)).toContain('"Not Found\\u001b[31m red\\u009b2J"');
    expect(JSON.parse(jsonReporter.render(partial)).operations.find((row: { operationId: string }) => row.operationId === 'listWebhooks').message).toBe(
      hostileMessage,
    );
  });
});

describe('the operations table', () => {
  it("shows why an operation was not tried in the harness's words, unquoted and whole, never as the target's answer", async () => {
    const { operationCells } = await import('../../reports/fix-first.js');
    const reason =
      'needs a template the target knows (spec §2.5 does not show the catalogue): pass --templates <file.json> (config key "templates") (its route answers: POST /v1/messages/send-template got 400 to an empty request)';
    const cells = operationCells({
      operationId: 'sendTemplateMessage',
      method: 'POST',
      path: '/v1/messages/send-template',
      state: 'not-tried',
      message: reason,
    });
    expect(cells).toEqual(['sendTemplateMessage', 'POST /v1/messages/send-template', 'not tried', reason]);
    // a target's own message is quoted
    const refused = operationCells({
      operationId: 'sendMessage',
      method: 'POST',
      path: '/v1/messages',
      state: 'refuses-valid-input',
      status: 400,
      message: 'bad',
    });
    expect(refused[3]).toBe('HTTP 400 · "bad"');
  });
});
