/**
 * The layer table: which folder may import which (ARCHITECTURE.md "Layers and import directions" draws it; this is the
 * one place the rules live, and `npm run check:layers` enforces them). A file belongs to the layer with the longest
 * matching folder; an import inside one layer is free (only cycles are refused there).
 */

/** What a layer may import of another: everything, its types only, or only from some of its files (its doors). */
export interface Allowance {
  readonly layer: string;
  readonly only?: 'types' | 'doors';
  /** With only: 'doors', the files or folders of the importing layer that may import it. */
  readonly doors?: readonly string[];
}

/** A layer: its folders (or root files) relative to the repository, and what it may import. */
export interface Layer {
  readonly name: string;
  readonly folders: readonly string[];
  readonly mayImport: readonly Allowance[];
}

const all = (...names: string[]): Allowance[] => names.map((layer) => ({ layer }));

/** Bottom first. */
export const layers: readonly Layer[] = [
  { name: 'spec', folders: ['spec'], mayImport: [] },
  { name: 'receiver', folders: ['receiver'], mayImport: [] },
  { name: 'simulator', folders: ['simulator'], mayImport: all('spec') },
  {
    name: 'targets',
    folders: ['targets'],
    // the harness's only doors into the reference: it runs on a thread of its own (targets/reference-thread.ts)
    mayImport: [
      ...all('spec'),
      { layer: 'simulator', only: 'doors', doors: ['targets/reference.ts', 'targets/reference-thread.ts', 'targets/reference-worker.ts', 'targets/container'] },
    ],
  },
  {
    name: 'results',
    folders: ['results'],
    mayImport: [
      { layer: 'spec', only: 'types' },
      { layer: 'targets', only: 'types' },
    ],
  },
  { name: 'rules', folders: ['rules'], mayImport: all('spec', 'receiver') },
  { name: 'suites', folders: ['suites'], mayImport: all('results', 'rules', 'targets', 'receiver', 'spec') },
  { name: 'reports', folders: ['reports'], mayImport: all('results') },
  { name: 'selftest', folders: ['selftest'], mayImport: all('suites', 'results', 'targets', 'spec') },
  { name: 'parity', folders: ['parity'], mayImport: all('suites', 'results', 'reports', 'targets', 'receiver', 'spec') },
  { name: 'proxy', folders: ['proxy'], mayImport: all('rules', 'suites', 'results', 'targets', 'receiver', 'spec', 'reports') },
  {
    name: 'cli',
    folders: ['cli'],
    mayImport: all('proxy', 'parity', 'selftest', 'reports', 'suites', 'results', 'rules', 'targets', 'receiver', 'simulator', 'spec'),
  },
  { name: 'image', folders: ['image'], mayImport: all('cli') },
  {
    name: 'entries',
    folders: ['index.ts', 'vitest.ts'],
    mayImport: all('cli', 'proxy', 'parity', 'selftest', 'reports', 'suites', 'results', 'rules', 'targets', 'receiver', 'simulator', 'spec'),
  },
];

/** The layer a file (path relative to the repository, forward slashes) belongs to; undefined outside the layers. */
export function layerOf(file: string): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of layers) {
    for (const folder of layer.folders) {
      const hit = file === folder || file.startsWith(`${folder}/`);
      if (hit && (best === undefined || folder.length > best.length)) best = { layer, length: folder.length };
    }
  }
  return best?.layer;
}
