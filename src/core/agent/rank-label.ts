/**
 * How a sub-intent is named in the chat: "#2". A step learnt plans call before sub-intent 2's target sits
 * between 1 and 2 (rank 1.5) and reads "#2's first step", not "#1.5".
 */
export function rankLabel(rank: number): string {
  return Number.isInteger(rank) ? `#${rank}` : `#${Math.ceil(rank)}'s first step`;
}
