import type { Delivery } from './delivery.js';

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** One human-readable line per delivery: time, method and path, event, size, verification. Never contains a secret. */
export function formatDelivery(d: Delivery): string {
  const time = new Date(d.receivedAt).toISOString().slice(11, 23);
  const problems = [
    d.flags.oversize ? 'OVERSIZE' : '',
    d.flags.aborted ? 'ABORTED' : '',
    d.jsonError && !d.flags.oversize && !d.flags.aborted ? 'not JSON' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const verified =
    d.verification === undefined
      ? '- not verified (no secret)'
      : d.verification.ok
        ? `✓ verified (secret #${d.verification.secretIndex})`
        : `✗ ${d.verification.code}: ${d.verification.message}`;
  const answer = d.answer.status === null ? 'closed' : String(d.answer.status);
  return [`#${d.seq}`, time, d.transport, `${d.method} ${d.path}`, d.event ?? '(no event)', formatSize(d.size), `→ ${answer}`, verified, problems]
    .filter(Boolean)
    .join('  ');
}
