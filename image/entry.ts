// The container image's entry point: the reference service configured by SIM_* environment variables (env-argv.ts).
import './set-argv.js';
import '../cli/simulator/simulator.js';
