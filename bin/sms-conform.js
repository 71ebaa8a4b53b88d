#!/usr/bin/env node
// The sms-conform command (npx sms-conformance …): runs the TypeScript CLI, cli/conform.ts, in this process through
// tsx (a dependency), so the package ships its sources as they are and needs no build step.
import { URL, fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../cli/conform.ts');
