import type { OperationRow } from '../../results/run-result.js';
import { parseDialect } from '../../targets/index.js';
import { requestNameHints } from './request-name-hint.js';

/**
 * The --dialect entries that would read in the spec's names what the operations overview found the target naming its
 * own way (DESIGN.md §3 "Dialects"): a field everywhere (`id=message_id`), GET /v1/messages' envelope key
 * (`list=messages`), a pagination name (`pagination.has_more=hasMore`, an item offset for the page), and a request field
 * a refusal of valid input names in its own words (`message=body` from "body is required"). Each once; only
 * entries --dialect takes. With them the checks blocked behind a name run, and each name still fails once.
 */
export function suggestedDialect(operations: readonly OperationRow[]): string[] {
  const entries = new Set<string>();
  for (const row of operations) {
    for (const difference of row.renamed ?? []) {
      const entry =
        row.operationId === 'listMessages' && difference.at === '' && difference.spec === 'data'
          ? `list=${difference.target}`
          : difference.at === '/pagination'
            ? difference.spec === 'page' && /offset/i.test(difference.target)
              ? `pagination.offset=${difference.target}`
              : `pagination.${difference.spec}=${difference.target}`
            : `${difference.spec}=${difference.target}`;
      if (takes(entry)) entries.add(entry);
    }
    for (const entry of requestNameHints(row)) if (takes(entry)) entries.add(entry);
  }
  return [...entries];
}

/** True when --dialect takes the entry (a name with characters it refuses is left to the failure that shows it). */
function takes(entry: string): boolean {
  try {
    return parseDialect([entry], '--dialect') !== undefined;
  } catch {
    return false;
  }
}
