/**
 * The image's environment contract, translated into `npm run simulator` flags so that cli/simulator/simulator.ts stays the one
 * parser of the reference's options. cli/simulator/simulator.ts itself reads SIM_MODE, SIM_API_PORT, SIM_UI_PORT, SIM_FAULTS,
 * SIM_KEYS, SIM_STEP_MS, SIM_WEBHOOK_URL and SIM_WEBHOOK_SECRET; this adds the ones it only takes as flags:
 *   SIM_HOST     listen address (default 127.0.0.1; 0.0.0.0 for bridge networking)
 *   SIM_EGRESS   comma list of ORIGIN=LOOPBACK_ORIGIN (webhook deliveries' egress router)
 *   SIM_RESOLVE  semicolon list of HOST=IP[,IP] (the reference's static resolver; it never queries DNS)
 *   SIM_UI_PORT  the virtual-phone UI only runs when this is set (--no-ui otherwise)
 */
export function simulatorArgvFromEnv(env: NodeJS.ProcessEnv): string[] {
  const argv = ['--host', env.SIM_HOST || '127.0.0.1'];
  if (!env.SIM_UI_PORT) argv.push('--no-ui');
  for (const route of items(env.SIM_EGRESS, ',')) argv.push('--egress', route);
  for (const entry of items(env.SIM_RESOLVE, ';')) argv.push('--resolve', entry);
  return argv;
}

function items(value: string | undefined, separator: string): string[] {
  return (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}
