/** One rejected catalogue entry: where it was and why, in words a user can act on. */
export interface ImportIssue {
  /** Zero-based index of the entry in the imported list, or -1 for a problem with the file as a whole. */
  index: number;
  /** Tool name when the entry had one. */
  name?: string;
  reason: string;
}

export function describeIssue(issue: ImportIssue): string {
  const where = issue.index < 0 ? 'file' : `entry #${issue.index + 1}`;
  return `${where}${issue.name ? ` (${issue.name})` : ''}: ${issue.reason}`;
}
