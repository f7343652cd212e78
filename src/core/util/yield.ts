/**
 * Resolves on the next macrotask, so a worker can take a message (a Cancel, a search) between chunks of
 * long work. A microtask would not: comlink's messages arrive as tasks.
 */
export const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
