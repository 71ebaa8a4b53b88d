import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Answers at least this large count towards a collection. */
const largeBodyBytes = 256 * 1024;
/** A collection is considered after this many bytes of large answers... */
const bytesBetweenCollections = 32 * 1024 * 1024;
/** ...and made only when the heap has grown past this. */
const heapWorthCollecting = 128 * 1024 * 1024;

let largeBytesSinceCollection = 0;
let collect: (() => void) | undefined;

/**
 * Notes the size of an answer just read and, after many large ones, collects garbage. V8 lets its heap grow lazily:
 * a target answering 1 MB values makes several MB of short-lived strings per request (the body, its parsed copy, the
 * next request's path with the value in it), and the heap reached 500 MB with 35 MB live (issue 15). A full
 * collection every 32 MB of large answers keeps the peak RSS near 300 MB and costs nothing on ordinary answers.
 */
export function noteAnswerSize(bytes: number): void {
  if (bytes < largeBodyBytes) return;
  largeBytesSinceCollection += bytes;
  if (largeBytesSinceCollection < bytesBetweenCollections) return;
  largeBytesSinceCollection = 0;
  if (getHeapStatistics().used_heap_size < heapWorthCollecting) return;
  collect ??= garbageCollector();
  collect();
}

/** global.gc, exposed at run time when node was started without --expose-gc (the documented v8.setFlagsFromString use). */
function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
