import { describe, expect, it } from 'vitest';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { runConformance } from '../../suites/engine/index.js';
import { HttpClient, parseBaseUrl, profileFor, referenceTarget, urlTarget } from '../../targets/index.js';

describe('profiles and URL targets', () => {
  it('describes what applies per profile and throws on an unknown name', () => {
    expect(profileFor('production')).toMatchObject({ auth: true, rateLimit: true, billableSends: true, local: false });
    expect(profileFor('simulator')).toMatchObject({ auth: false, webhooksToOneUrl: true, billableSends: false });
    expect(() => profileFor('staging')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_PROFILE', message: expect.stringMatching(/production, simulator, reference/) }),
    );
  });

  it('needs a key for production, not for the simulator; never describes keys', () => {
    expect(() => urlTarget('https://api.example.test', profileFor('production'), {})).toThrow(expect.objectContaining({ code: 'MISSING_KEY' }));
    const target = urlTarget('http://127.0.0.1:4001/v1/', profileFor('simulator'), {});
    expect(target.baseUrl).toBe('http://127.0.0.1:4001');
    expect(target.keys.growth).toBeDefined();
    expect(JSON.stringify(target.describe())).not.toContain(target.keys.growth as string);
    expect(parseBaseUrl('https://h.example/api/v1')).toBe('https://h.example/api');
    expect(() => parseBaseUrl('ftp://x')).toThrow(/only http and https/);
  });
});

describe('referenceTarget', () => {
  it('starts the reference on loopback with random tiered keys and stops it', async () => {
    const target = referenceTarget();
    expect(() => target.baseUrl).toThrow(expect.objectContaining({ code: 'NOT_STARTED' }));
    await target.start();
    try {
      expect(target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const http = HttpClient.create({ baseUrl: target.baseUrl, keys: target.keys });
      expect((await http.request({ path: '/v1/user/me' })).status).toBe(200);
      expect((await http.request({ path: '/v1/user/me', key: 'unknown' })).status).toBe(401);
      const starterSend = await http.request({
        method: 'POST',
        path: '/v1/messages',
        key: 'starter',
        body: { to: '+14155550100', from: '+14155550199', message: 'hi' },
      });
      expect(starterSend.status).toBe(402); // spec §5.4: the starter key really is Starter tier
      await http.close();
    } finally {
      await target.stop();
    }
    expect(target.describe().baseUrl).toMatch(/not started/);
  });
});

describe('reference + receiver', () => {
  it('routes deliveries for the public receiver host to the loopback receiver the engine started', async () => {
    const hook = defineCheck({
      id: 'T-HOOK-ROUTED',
      title: 'a test delivery reaches ctx.receiver',
      suite: 'test/receiver',
      requirements: ['WH-TEST-RECORDED'],
      level: 'must',
      needs: ['receiver'],
      async run(ctx) {
        const created = await ctx.http.request({
          method: 'POST',
          path: '/v1/webhooks',
          body: { url: ctx.target.receiverUrl('/routed'), events: ['message.sent'] },
        });
        ctx.expectStatus(created, 201);
        ctx.expectStatus(await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${(created.json as { id: string }).id}/test` }), 200);
        const delivery = await ctx.receiver.store.waitFor((d) => d.path === '/routed', 3_000);
        ctx.expect(delivery.transport === 'https', `delivery came over ${delivery.transport}`);
      },
    });
    const result = await runConformance({ target: referenceTarget(), registry: new CheckRegistry().register(userMeConnection, hook), seed: 1 });
    expect(result.checks.map((c) => [c.id, c.status, c.reason])).toEqual([
      ['USER-ME-CONNECTION', 'passed', undefined],
      ['T-HOOK-ROUTED', 'passed', undefined],
    ]);
  });
});
