import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { referenceTarget } from '../../targets/index.js';
import { workerExecArgv } from '../../targets/worker-entry.js';

/** GET /v1/user/me from another process while this thread is blocked in spawnSync (bounded: 1.5 s). */
function answeredWhileBlocked(baseUrl: string, key: string): number | 'no answer' {
  const script = `fetch(${JSON.stringify(`${baseUrl}/v1/user/me`)}, { headers: { 'x-api-key': ${JSON.stringify(key)} }, signal: AbortSignal.timeout(1500) })
    .then((r) => console.log(r.status), () => console.log('no answer'))`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  const out = child.stdout.trim();
  return /^\d+$/.test(out) ? Number(out) : 'no answer';
}

const refHandles = (): number => process.getActiveResourcesInfo().filter((kind) => /TCP|Timeout|Immediate|Worker|MessagePort/.test(kind)).length;

describe('the embedded reference on its own thread', () => {
  it('answers while the harness thread is blocked; on thread: main it cannot', async () => {
    const threaded = referenceTarget();
    const inline = referenceTarget({ thread: 'main' });
    await Promise.all([threaded.start(), inline.start()]);
    try {
      expect(answeredWhileBlocked(threaded.baseUrl, threaded.keys.growth as string)).toBe(200);
      expect(answeredWhileBlocked(inline.baseUrl, inline.keys.growth as string)).toBe('no answer');
    } finally {
      await Promise.all([threaded.stop(), inline.stop()]);
    }
  });

  it('hosts several references at once, each with its own faults and port, and stops each with no handle left', async () => {
    const before = refHandles();
    const clean = referenceTarget();
    const faulty = referenceTarget({ faults: ['accepts-1601-chars'] });
    await Promise.all([clean.start(), faulty.start()]);
    expect(clean.baseUrl).not.toBe(faulty.baseUrl);
    const send = async (target: typeof clean) => {
      const answer = await fetch(`${target.baseUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': target.keys.growth as string },
        body: JSON.stringify({ to: '+14155550100', from: '+14155550199', message: 'x'.repeat(1601) }),
      });
      await answer.arrayBuffer();
      return answer.status;
    };
    expect(await send(clean)).toBe(400); // spec §4.1: at most 1600 characters
    expect(await send(faulty)).toBe(201);
    const url = clean.baseUrl;
    await Promise.all([clean.stop(), faulty.stop(), clean.stop()]);
    await expect(fetch(`${url}/v1/user/me`)).rejects.toThrow();
    for (let i = 0; i < 40 && refHandles() > before; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refHandles()).toBeLessThanOrEqual(before);
  });

  it('starts a reference on the warm thread in well under a second, and names a bad option', async () => {
    const first = referenceTarget();
    await first.start(); // the thread is warm from here on
    await first.stop();
    const target = referenceTarget();
    const began = performance.now();
    await target.start();
    const startMs = performance.now() - began;
    await target.stop();
    expect(startMs).toBeLessThan(1_000);
    await expect(referenceTarget({ faults: ['no-such-fault'] }).start()).rejects.toMatchObject({
      code: 'TARGET_START',
      message: expect.stringMatching(/unknown fault id "no-such-fault"/),
    });
    // a function cannot cross to the thread: the message says to keep that reference on the harness's thread
    const clocked = referenceTarget({ extra: { clock: () => Date.now() } });
    await expect(clocked.start()).rejects.toMatchObject({ code: 'TARGET_START', message: expect.stringMatching(/thread: 'main'/) });
    const inline = referenceTarget({ thread: 'main', extra: { clock: () => Date.now() } });
    await inline.start();
    await inline.stop();
    expect(() => referenceTarget({ thread: 'other' as never })).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });

  it('gives the thread the harness flags without tsx preloads (its module is plain JavaScript)', () => {
    const tsxCli = ['--require', '/x/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///x/node_modules/tsx/dist/loader.mjs'];
    expect(workerExecArgv([...tsxCli, '--enable-source-maps', '--import=tsx', '--require', './instrument.cjs'])).toEqual([
      '--enable-source-maps',
      '--require',
      './instrument.cjs',
    ]);
  });

  it('drops the flags that describe only the main script (node --input-type=module -e ...), which a Worker refuses', () => {
    expect(workerExecArgv(['--input-type=module', '--enable-source-maps', '--input-type', 'commonjs', '-e', 'code', '--eval=x'])).toEqual([
      '--enable-source-maps',
    ]);
  });
});
