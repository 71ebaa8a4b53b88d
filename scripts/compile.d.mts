// Types of scripts/compile.mjs (plain JavaScript: it runs before anything is compiled), for scripts/build.ts.
/** The files read at run time through import.meta.url, relative to the root: each is copied to the same place. */
export declare const runtimeAssets: readonly string[];
/** The YAML catalogues also written as JSON beside them. */
export declare const parsedCatalogues: readonly string[];
/** The modules a worker thread runs. */
export declare const workerModules: readonly string[];
/** Copies the run-time assets from `from` and writes the JSON copies of the catalogues, under `to`. */
export declare function copyRuntimeFiles(from: string, to: string): void;
/** Bundles `entries` (without extension) from `from` to `<to>/<entry>.js`; returns the files read (node_modules left out). */
export declare function bundleEntries(from: string, to: string, entries: readonly string[], extension: '.ts' | '.js'): Promise<string[]>;
