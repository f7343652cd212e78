function base64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode with one argument per byte overflows the stack on megabyte models.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A structured-clone value (what IndexedDB holds) as plain JSON data: binary becomes base64 tagged with its
 * type, Dates ISO strings, Maps and Sets arrays, so a dump survives JSON.stringify without silent loss.
 */
export function jsonable(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return { $type: 'ArrayBuffer', base64: base64(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return { $type: value.constructor.name, base64: base64(bytes) };
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) return [...value].map(([k, v]) => [jsonable(k), jsonable(v)]);
  if (value instanceof Set) return [...value].map(jsonable);
  if (Array.isArray(value)) return value.map(jsonable);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonable(v)]));
  }
  return value;
}
