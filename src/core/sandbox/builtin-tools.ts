import type { ResultSource } from '../execute/call-outcome';
import type { ToolImplementation } from '../execute/tool-runtime';
import type { SandboxAccess } from './sandbox-access';
import { calendarTools } from './tools/calendar';
import { contactsTools } from './tools/contacts';
import { filesTools } from './tools/files';
import { mailTools } from './tools/mail';
import { mathsTools } from './tools/maths';
import { messagesTools } from './tools/messages';
import { notesTools } from './tools/notes';
import { placesTools } from './tools/places';
import { remindersTools } from './tools/reminders';

/**
 * Implementations of the 20 tools of DEMO_TOOLS (src/core/demo/demo-tools.ts) over one sandbox. Tools
 * that act on the sandbox report `sandboxSource` (which names the store); the others their bundled data.
 */
export function builtinTools(
  sandbox: SandboxAccess,
  sandboxSource: ResultSource,
): Record<string, ToolImplementation> {
  return {
    ...contactsTools(sandbox, sandboxSource),
    ...calendarTools(sandbox, sandboxSource),
    ...mailTools(sandbox, sandboxSource),
    ...messagesTools(sandbox, sandboxSource),
    ...notesTools(sandbox, sandboxSource),
    ...remindersTools(sandbox, sandboxSource),
    ...filesTools(sandbox, sandboxSource),
    ...placesTools(sandbox),
    ...mathsTools(sandbox),
  };
}
