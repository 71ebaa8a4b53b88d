import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The folders of the reference whose faults are applied from outside (docs/decisions/0033). */
const MOVED = ['simulator/auth', 'simulator/http', 'simulator/messages'];

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

describe('faults applied from outside (decision 33)', () => {
  it.each(MOVED)('%s names no fault: no fault set, no switch, no import of the catalogue', (folder) => {
    const files = sources(folder);
    expect(files.length).toBeGreaterThan(0);
    const naming = files.filter((file) => /faults\.has\(|\bf\.has\(|FaultSet|from '\.\.\/faults\//.test(readFileSync(file, 'utf8')));
    expect(naming).toEqual([]);
  });
});
