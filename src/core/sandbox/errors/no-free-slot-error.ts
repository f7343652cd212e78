import { ToolCallError } from './tool-call-error';

const NAME = 'NoFreeSlotError';

/** The day has no gap of the asked length within working hours. The tool worked; the day is full. */
export class NoFreeSlotError extends ToolCallError {
  constructor(date: string, minutes: number, hours: string) {
    super(
      NAME,
      'invalid-arguments',
      'no-free-slot',
      `No free ${minutes}-minute slot on ${date} between ${hours}. Try another day or a shorter slot.`,
    );
  }

  static override isInstance(error: unknown): error is NoFreeSlotError {
    return error instanceof Error && error.name === NAME;
  }
}
