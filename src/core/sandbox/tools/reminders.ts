import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireString } from '../args';
import { parseDayOrDateTime } from '../dates';
import type { SandboxAccess } from '../sandbox-access';
import type { Reminder } from '../sandbox-state';

export function remindersTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const reminders_create: ToolImplementation = {
    source,
    async run(args, signal) {
      const text = requireString(args, 'text');
      const due = parseDayOrDateTime(requireString(args, 'due_time'), 'due_time', sandbox.today());
      const reminder = await sandbox.create({
        collection: 'reminders',
        tool: 'reminders_create',
        idPrefix: 'rem',
        build: (id): Reminder => ({ id, text, due, createdAt: sandbox.now() }),
        summary: (r) => `Created reminder "${r.text}" due ${r.due.replace('T', ' ')}`,
        signal,
      });
      return { reminder_id: reminder.id };
    },
  };
  return { reminders_create };
}
