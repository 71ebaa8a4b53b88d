import { describe, expect, it } from 'vitest';
import { simulatorArgvFromEnv } from '../../image/env-argv.js';
import { demuxDockerLog, LogTail } from '../../targets/container/log-tail.js';
import { referenceImageEnv } from '../../targets/container/reference-image-env.js';
import { containerTarget } from '../../targets/index.js';

describe('the image environment', () => {
  it('turns SIM_HOST, SIM_EGRESS, SIM_RESOLVE and SIM_UI_PORT into cli/simulator/simulator flags', () => {
    expect(simulatorArgvFromEnv({})).toEqual(['--host', '127.0.0.1', '--no-ui']);
    expect(
      simulatorArgvFromEnv({
        SIM_HOST: '0.0.0.0',
        SIM_UI_PORT: '4000',
        SIM_EGRESS: 'https://a.example=http://127.0.0.1:1, https://b.example=http://127.0.0.1:2',
        SIM_RESOLVE: 'a.example=93.184.216.34,93.184.216.35;b.example=93.184.216.36',
      }),
    ).toEqual([
      '--host',
      '0.0.0.0',
      '--egress',
      'https://a.example=http://127.0.0.1:1',
      '--egress',
      'https://b.example=http://127.0.0.1:2',
      '--resolve',
      'a.example=93.184.216.34,93.184.216.35',
      '--resolve',
      'b.example=93.184.216.36',
    ]);
  });

  it('routes the receiver host to the loopback receiver and gives each key role its tier and rate', () => {
    const keys = { growth: 'g', starter: 's', rateLimit: 'r', unknown: 'u' };
    const env = referenceImageEnv({
      port: 4123,
      networkMode: 'host',
      keys,
      receiver: { httpUrl: 'http://127.0.0.1:5555', httpsUrl: 'https://127.0.0.1:5556', caPem: '' },
    });
    expect(env).toMatchObject({ SIM_MODE: 'production', SIM_API_PORT: '4123', SIM_HOST: '127.0.0.1', SIM_KEYS: 'g:growth:none,s:starter:none,r:growth:100' });
    expect(env.SIM_EGRESS).toBe('https://hooks.conformance.example=http://127.0.0.1:5555');
    expect(env.SIM_RESOLVE).toMatch(/^hooks\.conformance\.example=\d+\.\d+\.\d+\.\d+$/);
    expect(referenceImageEnv({ port: 4001, networkMode: 'bridge', keys: undefined, receiver: undefined })).toEqual({
      SIM_MODE: 'production',
      SIM_API_PORT: '4001',
      SIM_HOST: '0.0.0.0',
      SIM_STEP_MS: '5',
      SIM_RETRY_BASE_MS: '10',
      SIM_FAILING_NUMBERS: '+15550009999',
    });
  });
});

describe('container logs', () => {
  it('keeps the last lines, partial last line included', () => {
    const tail = new LogTail(2);
    tail.push('one\ntwo\nthr');
    tail.push('ee\nfou');
    expect(tail.lines()).toEqual(['three', 'fou']);
  });

  it('splits multiplexed stdout/stderr frames', () => {
    const frame = (stream: number, text: string): Buffer => {
      const header = Buffer.alloc(8);
      header[0] = stream;
      header.writeUInt32BE(Buffer.byteLength(text), 4);
      return Buffer.concat([header, Buffer.from(text)]);
    };
    expect(demuxDockerLog(Buffer.concat([frame(1, 'out\n'), frame(2, 'err\n')]))).toBe('out\nerr\n');
    expect(demuxDockerLog(Buffer.from('plain tty text'))).toBe('plain tty text');
  });
});

describe('containerTarget options', () => {
  it('refuses an unknown network mode and an empty image', () => {
    expect(() => containerTarget({ image: 'x', networkMode: 'overlay' as 'host' })).toThrow(/Unknown container network mode "overlay"/);
    expect(() => containerTarget({ image: ' ' })).toThrow(/needs --image/);
  });

  it('generates keys by role unless the image has its own, and describes itself before start', () => {
    const generated = containerTarget({ image: 'sms-reference:local' });
    expect(generated.keys.growth).toMatch(/^ctr_growth_/);
    expect(generated.describe()).toEqual({ name: 'container', profile: 'reference', baseUrl: '(container sms-reference:local, not started)' });
    expect(() => generated.baseUrl).toThrow(/not started/);
    expect(containerTarget({ image: 'x', keys: { growth: 'mine' } }).keys.starter).toBeUndefined();
  });
});
