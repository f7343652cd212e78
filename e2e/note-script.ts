/** The request both endpoint specs send, and the three decisions a model makes for it. */
export const NOTE_INTENT = 'Create a note called Shopping saying bread';

/**
 * The endpoint's n-th decision (1-based) for NOTE_INTENT: retrieve the note tool, call it, answer.
 * The caller wraps a reply (e.g. in `testReply` with a delay) where its test needs to.
 */
export function noteDecision(n: number): object[] {
  if (n === 1)
    return [
      {
        dependency_rank: 1,
        intent: NOTE_INTENT,
        action: 'retrieve_api',
        recall_description:
          'notes_create(description: create a note; input: title, content; output: note_id)',
      },
    ];
  if (n === 2)
    return [
      {
        dependency_rank: 1,
        intent: NOTE_INTENT,
        action: 'call_api',
        target_api: 'notes_create',
        params: { title: 'Shopping', content: 'bread' },
      },
    ];
  return [{ dependency_rank: 1, intent: NOTE_INTENT, action: 'direct_answer', answer: 'The note is saved.' }];
}
