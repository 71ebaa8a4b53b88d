import type { OptionGroupDef } from '../../options/option-def.js';

/** The sections of conform --help and of its options reference (docs/reference/conform-options.md), in order. */
export const optionGroups = {
  target: { title: 'Target' },
  keys: { title: 'Keys (by role; never printed)' },
  container: { title: 'Container target (--target container)' },
  conventions: {
    title: 'Target conventions',
    note: "Where the spec is silent. Default: the reference's on the targets this project starts, only Service-Signature on a URL; a check that needs one not given is skipped naming it (docs/conventions.md).",
  },
  parity: { title: 'Parity (--compare)', note: "B's keys fall back to A's, one by one." },
  safety: {
    title: 'Safety (a production profile or any non-loopback target)',
    note: 'Webhooks the run creates are deleted at the end, also on Ctrl-C.',
  },
  selection: { title: 'Selection' },
  tuning: { title: 'Run' },
  shards: { title: 'CI fleets' },
  baseline: {
    title: 'Known failures and changes (adopting the gate while partly conforming)',
    note: 'Also on --merge; --baseline-update there writes the file from the whole run (docs/ci.md).',
  },
  reports: { title: 'Reports', note: 'When $GITHUB_STEP_SUMMARY is set, the Markdown summary is appended to it (whole runs and merges).' },
  commands: { title: 'Commands' },
} as const satisfies Record<string, OptionGroupDef>;

/** A section of conform --help. */
export type OptionGroup = keyof typeof optionGroups;
