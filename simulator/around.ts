/** The keys of `T` whose values are functions: the parts of a service object a wrapper can replace. */
export type FunctionKeys<T> = { [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T];

/** The function at `T[K]`, with its parameters and result. */
type Part<T, K extends keyof T> = T[K] extends (...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * Wraps one part of a running reference from outside (docs/decisions/0033): `target[key]` becomes `wrapper`, which gets
 * the part as it was (`next`, bound to `target`) and the call's arguments. The service calls its parts through their
 * owner (`this.identify(...)`, `ref.views.message(...)`), so a wrapped part is what every caller meets; a part never
 * wrapped costs nothing. Faults (simulator/faults/) and conforming variations (simulator/variations/) are applied so.
 */
export function around<T extends object, K extends FunctionKeys<T>>(
  target: T,
  key: K,
  wrapper: (next: Part<T, K>, ...args: Parameters<Part<T, K>>) => ReturnType<Part<T, K>>,
): void {
  const next = (target[key] as Part<T, K>).bind(target) as Part<T, K>;
  target[key] = ((...args: Parameters<Part<T, K>>) => wrapper(next, ...args)) as T[K];
}
