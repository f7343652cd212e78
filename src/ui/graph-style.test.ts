import cytoscape from 'cytoscape';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRAPH_STYLE } from './graph-style';

afterEach(() => vi.restoreAllMocks());

/**
 * Second QA pass: a detour of three hops drew its label on the first edge only, but the style mapped
 * `data(label)` onto every detour edge, and cytoscape warned "Do not assign mappings to elements without
 * corresponding data" on each redraw.
 */
describe('GRAPH_STYLE on a detour drawn over several hops', () => {
  it('labels the first hop and maps nothing the other hops lack', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cy = cytoscape({
      headless: true,
      styleEnabled: true,
      style: GRAPH_STYLE,
      elements: [
        { data: { id: 'a', label: 'contacts_search', kind: 'api' } },
        { data: { id: 'b', label: 'mail_search', kind: 'api' } },
        { data: { id: 'c', label: 'mail_read', kind: 'api' } },
        {
          group: 'edges',
          classes: 'detour-edge',
          data: { id: 'detour:0:0', source: 'a', target: 'b', label: 'detour: I/O-equivalent replacement' },
        },
        { group: 'edges', classes: 'detour-edge', data: { id: 'detour:0:1', source: 'b', target: 'c' } },
      ],
    });
    expect(cy.getElementById('detour:0:0').style('label')).toBe('detour: I/O-equivalent replacement');
    expect(cy.getElementById('detour:0:1').style('label')).toBe('');
    expect(cy.getElementById('detour:0:1').style('line-style')).toBe('dashed');
    const mappingWarnings = warn.mock.calls.filter((c) => String(c[0]).includes('Do not assign mappings'));
    expect(mappingWarnings).toEqual([]);
    cy.destroy();
  });
});
