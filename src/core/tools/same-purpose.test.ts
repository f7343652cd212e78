import { describe, expect, it } from 'vitest';
import { doesSameThing, effectOf, objectWords } from './same-purpose';
import { stringTool } from './tool-fixtures.test-util';

const tool = stringTool;

// The pairs below are shaped on catalogue tools seen standing in for each other under injected outages.
const modify = tool('ModifyMeeting', 'This API allows users to modify a reservation for a meeting.', [
  'token',
  'meeting_topic',
  'start_time',
]);
const remove = tool('DeleteMeeting', 'This API allows users to delete a reservation for a meeting.', [
  'token',
  'meeting_topic',
  'start_time',
]);
const translateText = tool(
  'translate_text',
  'Translate a text from one language to another',
  ['text', 'source_language', 'target_language'],
  ['translated_text'],
);
const getTranslation = tool(
  'get_translation',
  'Get the translation of a word in a given language',
  ['text', 'source_language', 'target_language'],
  ['translation'],
);

describe('doesSameThing: a stand-in has the same effect on the same object', () => {
  it('reads the effect from the first verb of the name, HTTP verbs included', () => {
    expect(effectOf(modify)).toBe('change');
    expect(effectOf(remove)).toBe('delete');
    expect(effectOf(tool('RegisterUser', '', []))).toBe('create');
    expect(effectOf(tool('GetUserToken', '', []))).toBe('none');
    expect(effectOf(tool('spotify_PUT_me_player_play', '', []))).toBe('change');
    expect(effectOf(tool('Goodreads_Search_Quotes_By_Keyword', '', []))).toBe('none');
    expect(effectOf(tool('UserWatchedMovies', '', []))).toBeNull();
    // A word that is also a noun yields to a later verb: the mail is what is searched.
    expect(effectOf(tool('mail_search', '', []))).toBe('none');
    expect(effectOf(tool('email_delete', '', []))).toBe('delete');
    expect(effectOf(tool('mail_send', '', []))).toBe('send');
    expect(effectOf(tool('send_email', '', []))).toBe('send');
    expect(objectWords(tool('Goodreads_Search_Quotes_By_Keyword', '', []))).toEqual([
      'goodread',
      'quote',
      'keyword',
    ]);
  });

  it('refuses another effect: a deletion for a change, a registration for a look-up, a query for a deletion', () => {
    expect(doesSameThing(modify, remove)).toBe(false);
    expect(doesSameThing(remove, modify)).toBe(false);
    const token = tool(
      'GetUserToken',
      'Get the user token by username and password.',
      ['username', 'password'],
      ['token'],
    );
    const register = tool(
      'RegisterUser',
      'Register an account given the username, password and email.',
      ['username', 'password', 'email'],
      ['token'],
    );
    expect(doesSameThing(token, register)).toBe(false);
    const query = tool('QueryAgenda', 'Query the agenda of a user.', ['token', 'content'], ['info']);
    const drop = tool('DeleteAgenda', 'Delete an agenda item.', ['token', 'content'], ['status']);
    expect(doesSameThing(drop, query)).toBe(false);
  });

  it('refuses another object: restaurant reviews for movie reviews, movie dates for TV keywords', () => {
    const movies = tool('search_movie_reviews', 'Search for movie reviews', ['keywords'], ['reviews']);
    const restaurants = tool(
      'search_restaurant_reviews',
      'Search for restaurant reviews based on keywords',
      ['keywords'],
      ['reviews'],
    );
    expect(doesSameThing(movies, restaurants)).toBe(false);
    const tv = tool(
      'tmdb_GET_tv_tv_id_keywords',
      'Get the keywords of a TV show',
      ['tv_id'],
      ['id', 'results'],
    );
    const dates = tool(
      'tmdb_GET_movie_movie_id_release_dates',
      'Get the release dates of a movie',
      ['movie_id'],
      ['id', 'results'],
    );
    expect(doesSameThing(tv, dates)).toBe(false);
  });

  it('knownVerb and bothWays: a known verb needs one of the same effect, the other may not act on more', () => {
    // "summarize" is not in the table: summarize_text may do anything to a text. Without a shared output
    // to vouch for it (a replacement matched on its inputs alone), that is not enough.
    const summarize = tool('summarize_text', 'Summarize a text in a language', [
      'text',
      'source_language',
      'target_language',
    ]);
    expect(doesSameThing(translateText, summarize)).toBe(true);
    expect(doesSameThing(translateText, summarize, { knownVerb: true })).toBe(false);
    expect(doesSameThing(translateText, getTranslation, { knownVerb: true, bothWays: true })).toBe(true);
    const area = tool('calculate_area', 'Calculate the area of a shape', ['shape']);
    const surface = tool('shape_surface', 'Area of a geometric shape', ['shape']);
    expect(doesSameThing(area, surface)).toBe(true);
    expect(doesSameThing(area, surface, { knownVerb: true })).toBe(false);
    // Same inputs (an id), same verb, and the failed tool's words all in the other's description.
    const keywords = tool(
      'tmdb_GET_tv_tv_id_keywords',
      'Get the keywords of a TV show',
      ['tv_id'],
      ['results'],
    );
    const similar = tool(
      'tmdb_GET_tv_tv_id_similar',
      'Get similar TV shows, found by keywords and genres',
      ['tv_id'],
      ['results'],
    );
    expect(doesSameThing(keywords, similar)).toBe(true);
    expect(doesSameThing(keywords, similar, { bothWays: true })).toBe(false);
    const account = tool('DeleteAccount', 'Delete an account.', ['token'], ['status']);
    const bank = tool('DeleteBankAccount', 'Delete a bank account given a token.', ['token'], ['status']);
    expect(doesSameThing(account, bank, { bothWays: true })).toBe(false);
  });

  it('accepts the same action on the same thing under other words', () => {
    // "translate" and "translation" share their first 6 letters; "text" is an input of both.
    expect(doesSameThing(translateText, getTranslation)).toBe(true);
    expect(doesSameThing(getTranslation, translateText)).toBe(true);
    // A failed name without a known verb: the object decides.
    const wiki = tool('Wiki', 'Search Wikipedia for a keyword', ['keyword'], ['url', 'summary']);
    const wikipedia = tool('WikipediaSearch', 'Search the wiki encyclopedia', ['keyword'], ['summary']);
    expect(doesSameThing(wiki, wikipedia)).toBe(true);
    // The brand word in the other's description, plural and singular.
    const quotes = tool(
      'Goodreads_Search_Book_By_Keyword',
      'Search books by keyword',
      ['keyword'],
      ['books'],
    );
    const books = tool('search_books', 'Search Goodreads books by keyword', ['keyword'], ['results']);
    expect(doesSameThing(quotes, books)).toBe(true);
    // One way only: what the other adds is not checked (a known gap: "bank" reads like "secure").
    const account = tool('DeleteAccount', 'Delete an account.', ['token'], ['status']);
    const bank = tool('DeleteBankAccount', 'Delete a bank account given a token.', ['token'], ['status']);
    expect(doesSameThing(account, bank)).toBe(true);
    expect(doesSameThing(bank, account)).toBe(false);
  });
});
