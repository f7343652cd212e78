import { describe, expect, it } from 'vitest';
import { callFails, callOk, openSandbox } from '../sandbox.test-util';

describe('files tools', () => {
  it('files_search finds the file by name or content keywords; files_read reads it', async () => {
    const sandbox = await openSandbox();
    const hit = await callOk(sandbox, 'files_search', { query: 'lease agreement' });
    expect(hit).toEqual({ file_id: 'f-5002', path: '/Documents/Home/lease-2026.txt' });
    expect(await callOk(sandbox, 'files_read', { file_id: hit.file_id })).toEqual({
      content: 'Lease for 27 Upper Street, London: 12 months from 1 December 2026, rent due on the 1st.',
    });
    // The demo traces' queries find the demo traces' files.
    expect((await callOk(sandbox, 'files_search', { query: 'quarterly report' })).path).toBe(
      '/Documents/Reports/q3-report.txt',
    );
    expect((await callOk(sandbox, 'files_search', { query: 'travel itinerary' })).path).toBe(
      '/Documents/Travel/itinerary-lisbon.txt',
    );
    // Content words work too.
    expect((await callOk(sandbox, 'files_search', { query: 'banana' })).path).toBe(
      '/Documents/Personal/recipes/banana-bread.txt',
    );
  });

  it('files_read accepts the path in place of the id', async () => {
    const sandbox = await openSandbox();
    const read = await callOk(sandbox, 'files_read', { file_id: '/Documents/Finance/invoice-1042.txt' });
    expect(read.content).toContain('Invoice 1042');
  });

  it('a missing file is a file-not-found failure, by keywords or by id', async () => {
    const sandbox = await openSandbox();
    const byWords = await callFails(sandbox, 'files_search', { query: 'tax return 2019' });
    expect(byWords).toMatchObject({ kind: 'invalid-arguments', code: 'file-not-found' });
    expect(byWords.message).toContain('Try fewer or other keywords');
    expect((await callFails(sandbox, 'files_read', { file_id: 'f-1' })).message).toContain('files_search');
  });
});
