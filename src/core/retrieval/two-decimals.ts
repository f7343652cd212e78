/**
 * `x.toFixed(2)` for the probabilities and similarities shown in a candidate's reason, from a table for
 * [0, 1]: a rank call formats one per candidate (6,000 on seal_tools), and toFixed was a third of its time.
 */
const TABLE = Array.from({ length: 101 }, (_, i) => (i / 100).toFixed(2));

export function twoDecimals(x: number): string {
  return x >= 0 && x <= 1 ? (TABLE[Math.round(x * 100)] as string) : x.toFixed(2);
}
