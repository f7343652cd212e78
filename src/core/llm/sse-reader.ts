/**
 * The `data:` payloads of a server-sent-event stream, in order (OpenAI-style streaming). Events are
 * separated by a blank line; an event's several `data:` lines join with "\n"; comments (`:`) and other
 * fields (`event:`, `id:`) are skipped. Uses `getReader()`, not async iteration, which Safari lacks.
 */
export async function* readSseData(
  body: ReadableStream<Uint8Array>,
  /** Called whenever bytes arrive (the engine's idle timeout restarts on it). */
  onBytes?: () => void,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onBytes?.();
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
    }
    buffer += decoder.decode();
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5).trimEnd());
    if (data.length > 0) yield data.join('\n');
  } finally {
    // Frees the connection when the consumer stops early (at `[DONE]`, on an error); harmless after the end.
    reader.cancel().catch(() => undefined);
  }
}
