import type { SandboxState } from '../../core/sandbox';

/** What a person wants to check after a turn: reminders, events, notes, and the mail / message outboxes. */
export function SandboxContents({ sandbox }: { sandbox: SandboxState }) {
  const events = [...sandbox.events].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <>
      <section>
        <h3>Reminders ({sandbox.reminders.length})</h3>
        <ul data-testid="sandbox-reminders">
          {sandbox.reminders.map((r) => (
            <li key={r.id} data-testid="sandbox-reminder">
              {r.text} <span className="meta">due {r.due.replace('T', ' ')}</span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3>Calendar ({events.length})</h3>
        <ul data-testid="sandbox-events">
          {events.map((e) => (
            <li key={e.id} data-testid="sandbox-event">
              {e.title}{' '}
              <span className="meta">
                {e.start.replace('T', ' ')}
                {e.location ? ` · ${e.location}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3>Notes ({sandbox.notes.length})</h3>
        <ul data-testid="sandbox-notes">
          {sandbox.notes.map((n) => (
            <li key={n.id} data-testid="sandbox-note">
              <strong>{n.title}</strong> <span className="meta">{n.content}</span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3>Mail outbox ({sandbox.outbox.length})</h3>
        <ul data-testid="sandbox-outbox">
          {sandbox.outbox.map((m) => (
            <li key={m.id} data-testid="sandbox-mail">
              to {m.toEmail}: <strong>{m.subject}</strong> <span className="meta">{m.body}</span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3>Messages sent ({sandbox.messages.length})</h3>
        <ul>
          {sandbox.messages.map((m) => (
            <li key={m.id}>
              to {m.phone}: {m.text}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
