#!/usr/bin/env node
// The sms-conform command (npx sms-conformance …): the compiled CLI, dist/cli/conform/conform.js (`npm run build`, run by
// prepack). In a checkout, `npm run conform` runs the TypeScript sources through tsx instead.
import '../dist/cli/conform/conform.js';
