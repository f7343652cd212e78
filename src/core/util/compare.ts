/** Code-unit order, the order IndexedDB keys sort in (not locale order). */
export const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
