/**
 * The `isInstance` of a typed error: true for the error itself and for its copy rebuilt from
 * `{name, code, message}` on the other side of a worker (src/workers/worker-error.ts), where `instanceof`
 * cannot work. Every error class gets a stable `name` and `code` and `static isInstance = errorGuard(name)`.
 */
export function errorGuard<E extends Error>(name: string): (error: unknown) => error is E {
  return (error: unknown): error is E => error instanceof Error && error.name === name;
}
