// undici's Pool on its own (targets/load-undici.ts): the package has no exports map, so its lib files are importable;
// their types are the package's.
declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}
