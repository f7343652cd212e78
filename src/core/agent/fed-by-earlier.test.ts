import { describe, expect, it } from 'vitest';
import { stringTool } from '../tools/tool-fixtures.test-util';
import { FED_BY_EARLIER_BONUS, fedByEarlier } from './fed-by-earlier';

describe('fedByEarlier: the candidates that take what the earlier part gave', () => {
  // Standardized parameters by hand: file_id in and out share a node, message_id has its own.
  const tools = [
    stringTool('files_search', 'Find a file.', ['query'], ['file_id', 'path']),
    stringTool('files_read', 'Read one file.', ['file_id'], ['content']),
    stringTool('mail_read', 'Read one email.', ['message_id'], ['body']),
  ];
  const node: Record<string, string> = { file_id: 'param:file', message_id: 'param:message' };
  const world = {
    tool: (n: string) => tools.find((t) => t.name === n),
    paramNodeOf: (_t: string, _d: 'in' | 'out', f: string) => node[f] ?? null,
  };

  it('gives the bonus to a tool whose required input the earlier tool outputs, and to no other', () => {
    const bonus = fedByEarlier(world, 'files_search', ['files_read', 'mail_read', 'files_search']);
    expect([...bonus]).toEqual([['files_read', FED_BY_EARLIER_BONUS]]);
  });

  it('is empty for an unknown earlier tool', () => {
    expect(fedByEarlier(world, 'nothing', ['files_read']).size).toBe(0);
  });
});
