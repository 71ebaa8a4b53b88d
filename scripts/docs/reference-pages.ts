import { checksPage } from './checks-page.js';
import { commandsPage } from './commands-page.js';
import { errorsPage } from './errors-page.js';
import { faultsPage } from './faults-page.js';
import type { GeneratedPage } from './generated-page.js';
import { optionsPage } from './options-page.js';

/** The pages of docs/reference/ that `npm run gen:docs` writes and `--check` compares. */
export const referencePages: readonly GeneratedPage[] = [optionsPage, commandsPage, errorsPage, checksPage, faultsPage];
