/** A world file that cannot be imported; the message says what is wrong and what to do. */
export class WorldFileError extends Error {
  override readonly name = 'WorldFileError';
}
