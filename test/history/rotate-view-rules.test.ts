import { describe, expect, it } from 'vitest';
import { create, hook, judge, newSecret, rotate, update } from './history-builders.js';

// spec §4.2 rotate-secret returns the Webhook (WH-ROTATE-SHOWS-CURRENT): its url and events are those the writes left. Times in ms.
const rotated = (at: number, end: number, url: string, events: string[]) => ({
  ...rotate(at, end),
  json: { id: hook, url, events, signing_secret: newSecret },
});

describe('a rotation answers the webhook as its writes left it', () => {
  it('a rotation after a PUT that answers the url and events of the create contradicts the PUT', () => {
    const j = judge('webhook-reads', [
      create(0),
      update(10, 20, 'https://h.example/b', ['message.failed']),
      rotated(30, 35, 'https://h.example/a', ['message.delivered']),
    ]);
    expect(j.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['WH-ROTATE-SHOWS-CURRENT', [2], 3]]);
    expect(j.contradictions[0]?.message).toMatch(/#2 PUT .* set webhook .* but #3 POST .*rotate-secret.* answers url "https:\/\/h\.example\/a"/);
  });

  it('the events as a sorted set are the same events; a rotation concurrent with the PUT may show either write', () => {
    const put = update(10, 20, 'https://h.example/b', ['message.sent', 'message.failed', 'message.sent']);
    const sorted = judge('webhook-reads', [create(0), put, rotated(30, 35, 'https://h.example/b', ['message.failed', 'message.sent'])]);
    expect(sorted.contradictions).toEqual([]);
    expect(sorted.judged['WH-ROTATE-SHOWS-CURRENT']).toBe(1);
    const concurrent = judge('webhook-reads', [create(0), put, rotated(15, 25, 'https://h.example/a', ['message.delivered'])]);
    expect(concurrent.contradictions).toEqual([]);
  });
});
