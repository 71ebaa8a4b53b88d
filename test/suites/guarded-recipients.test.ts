import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationById } from '../../spec/index.js';
import { requestGenerator } from '../../suites/contract/request-generator.js';
import { modelCommands } from '../../suites/model/model-commands.js';
import { recipientNumbers } from '../../targets/index.js';

const own = ['+14155550123', '+447700900123'];
const webhookUrl = (word: string) => `https://hooks.conformance.example/${word}`;

describe('sends on a guarded target draw their recipients from --allow-recipient (DESIGN.md §5)', () => {
  for (const id of ['sendMessage', 'sendTemplateMessage']) {
    it(`${id}: valid, example and boundary requests all go to an allowed number`, () => {
      const generator = requestGenerator(operationById(id), webhookUrl, { recipients: own });
      const bodies = [
        ...fc.sample(generator.valid(), { seed: 3, numRuns: 200 }).map((parts) => parts.body),
        generator.example().body,
        ...generator.boundaries().map((b) => b.parts.body),
      ];
      expect(bodies.length).toBeGreaterThan(200);
      for (const body of bodies) expect(own).toContain((body as { to: string }).to);
    });
  }

  it('without a list the generator still varies recipients (an unguarded target)', () => {
    const generator = requestGenerator(operationById('sendMessage'), webhookUrl);
    const recipients = new Set(fc.sample(generator.valid(), { seed: 3, numRuns: 100 }).map((parts) => (parts.body as { to: string }).to));
    expect(recipients.size).toBeGreaterThan(20);
  });

  it('the model sends only to allowed numbers', () => {
    const sequences = fc.sample(modelCommands({ recipients: own }), { seed: 5, numRuns: 30 });
    const sent = sequences.flatMap((commands) =>
      [...commands].map((wrapped) => ((wrapped as { cmd?: unknown }).cmd as { body?: { to?: string } }).body?.to).filter((to) => to !== undefined),
    );
    expect(sent.length).toBeGreaterThan(10);
    for (const to of sent) expect(own).toContain(to);
  });

  it('reads the numbers a send names as a lenient server would, and none where no phone can be reached', () => {
    expect(recipientNumbers({ to: '+1 (415) 555-0123' })).toEqual(['14155550123']);
    expect(recipientNumbers({ to: 14155550123 })).toEqual(['14155550123']);
    expect(recipientNumbers({ to: ['+14155550123'] })).toEqual(['14155550123']);
    expect(recipientNumbers('{"to":"+14155550123","from":')).toEqual(['14155550123']);
    expect(recipientNumbers({ to: '+١٤١٥٥٥٥٠١٢٣' })).toEqual(['14155550123']);
    expect(recipientNumbers({ to: '＋１４１５５５５０１２３' })).toEqual(['14155550123']);
    for (const none of [{}, { to: null }, { to: '+1' }, { to: '+44abc' }, { to: '+99811' }, 'not json', '[]', '{"to": }'])
      expect(recipientNumbers(none)).toEqual([]);
  });
});
