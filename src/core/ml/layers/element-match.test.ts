import { describe, expect, it } from 'vitest';
import { elementEdges, inputIsElementOf, singularOf } from './element-match';
import { schemaEdges } from './shift-rule';
import { typedTool } from '../../tools/tool-fixtures.test-util';

const tool = typedTool;

// Hand-worked (api_bank's shapes): UserPosts → {post_ids: array}; LikeCount needs post_id (one element);
// OrganizationMembers → {members: array}; TravelStatus needs member_name (an element, prefixed);
// Calculator needs a formula nobody lists. The shift rule, matching equal names, sees none of these.
const userPosts = tool('UserPosts', { user_id: 'integer' }, { post_ids: 'array' });
const likeCount = tool('LikeCount', { post_id: 'integer' }, { like_count: 'integer' });
const members = tool('OrganizationMembers', { organization: 'string' }, { members: 'array' });
const travel = tool('TravelStatus', { member_name: 'string' }, { status: 'string' });
const calculator = tool('Calculator', { formula: 'string' }, { result: 'number' });

describe('collection → element schema matches', () => {
  it('singulars: ids → id, entries → entry, class stays no plural', () => {
    expect(singularOf('postids')).toBe('postid');
    expect(singularOf('entries')).toBe('entry');
    expect(singularOf('class')).toBe('');
    expect(singularOf('members')).toBe('member');
  });

  it('post_id is one of post_ids, member_name one of members; formula is nothing’s element', () => {
    expect(inputIsElementOf(likeCount, 'post_id', userPosts)).toBe(true);
    expect(inputIsElementOf(travel, 'member_name', members)).toBe(true);
    expect(inputIsElementOf(calculator, 'formula', userPosts)).toBe(false);
    // Not an array output: equal names are the shift rule's business, not an element match.
    expect(inputIsElementOf(userPosts, 'user_id', likeCount)).toBe(false);
  });

  it('on the 5-tool set: UserPosts → LikeCount and OrganizationMembers → TravelStatus, where the rule has none', () => {
    const set = [userPosts, likeCount, members, travel, calculator];
    expect(elementEdges(set)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(schemaEdges(set)).toEqual([]);
  });

  it('an input that is itself an array, or a singular under 3 letters, is no element match', () => {
    const batch = tool('LikeCounts', { post_ids: 'array' }, { counts: 'array' });
    expect(inputIsElementOf(batch, 'post_ids', userPosts)).toBe(false);
    const ids = tool('List', { q: 'string' }, { ids: 'array' });
    const byId = tool('Get', { id: 'string' }, { item: 'object' });
    expect(elementEdges([ids, byId])).toEqual([]);
  });
});
