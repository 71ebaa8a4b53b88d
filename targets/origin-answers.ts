import { loadUndici } from './load-undici.js';

/**
 * The network error one GET at `url` got (no key, `timeoutMs` at most), or undefined when an HTTP answer came, of
 * any status: whether anything answers there at all.
 */
export async function noAnswerAt(url: string, timeoutMs: number): Promise<{ code: string; message: string } | undefined> {
  const { request } = await loadUndici();
  try {
    const answer = await request(url, { signal: AbortSignal.timeout(timeoutMs) });
    await answer.body.dump();
    return undefined;
  } catch (error) {
    const { code, name, message } = error as { code?: string; name?: string; message: string };
    if (name === 'TimeoutError' || name === 'AbortError') return { code: 'TIMEOUT', message: `no answer within ${timeoutMs / 1000} s` };
    return { code: code ?? 'NO_RESPONSE', message };
  }
}
