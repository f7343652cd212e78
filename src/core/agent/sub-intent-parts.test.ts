import { describe, expect, it } from 'vitest';
import { askedPart, splitSubIntents } from './sub-intents';

const parts = (request: string) => splitSubIntents(request).map((s) => s.text);

describe('splitSubIntents: what is one request and what only serves one', () => {
  it('splits before "and <adverb> <verb>", and two verbs sharing an object stay one part', () => {
    expect(
      parts('Log into my account with ID 9527, and immediately check and display my balance after login.'),
    ).toEqual(['Log into my account with ID 9527', 'display my balance after login\ncheck']);
    // "-ly" is no adverb when it is the verb itself.
    expect(parts('Find Anna and reply to her')).toEqual(['Find Anna', 'reply to her']);
  });

  it('"and finally <verb>" ends a part whatever the verb; "I\'ve finally caved" is no order word', () => {
    expect(
      parts("Get the definition of 'serendipity', and finally encrypt the definition using the key 'k1'."),
    ).toEqual(["Get the definition of 'serendipity'", "encrypt the definition using the key 'k1'"]);
    expect(parts("Jonas kept asking and I've finally caved. Text him that I'm in")).toHaveLength(2);
  });

  it('"while <action>ing" is a command of its own; "while keeping …" stays a condition of its part', () => {
    expect(
      parts('Set a one-time alarm at 8 am this Saturday, while canceling the alarms for next Monday.'),
    ).toEqual(['Set a one-time alarm at 8 am this Saturday', 'cancel the alarms for next Monday']);
    expect(
      parts('Book a seat for Zhao Si at 8:00 AM, while cancelling his booking for flight CA988'),
    ).toEqual(['Book a seat for Zhao Si at 8:00 AM', 'cancel his booking for flight CA988']);
    expect(parts('Change the check-in date to April 3, while keeping the check-out date unchanged')).toEqual([
      'Change the check-in date to April 3, while keeping the check-out date unchanged',
    ]);
  });

  it('"I need a pharmacy in …" said first asks for one; "I need some information about …" only opens', () => {
    expect(parts('I need a pharmacy in Madrid, and tell me how to get there from Plaza Mayor')).toEqual([
      'I need a pharmacy in Madrid',
      'tell me how to get there from Plaza Mayor',
    ]);
    expect(
      parts('I need some information about a specific design. Retrieve the CAD file for design DJIUO21ASX.'),
    ).toHaveLength(1);
    expect(parts('I need a hand with my trip. Find flights to Rome.')).toHaveLength(1);
  });

  it('"change to …" with no object of its own is what the part before changes into', () => {
    expect(parts('Modify my booking JH748, change to check-in on November 16')).toEqual([
      'Modify my booking JH748\nchange to check-in on November 16',
    ]);
    expect(parts('Find my dentist appointment and change it to Friday')).toEqual([
      'Find my dentist appointment',
      'change it to Friday',
    ]);
  });

  it('an interest said after a request belongs to it, said before it is its situation, alone it is the request', () => {
    expect(parts("Could you check the weather? I'm particularly interested in the wind speed.")).toEqual([
      "Could you check the weather?\nI'm particularly interested in the wind speed",
    ]);
    expect(parts("I'm curious about the Bible. Can you tell me its languages?")).toEqual([
      "Can you tell me its languages?\nI'm curious about the Bible",
    ]);
    expect(parts("I'm interested in axolotls.")).toEqual(["I'm interested in axolotls"]);
    // What is needed of the answer ("its", "their", "the …"), not a thing or an act of its own.
    expect(parts('Look up the word "serendipity". I need its definition and examples.')).toEqual([
      'Look up the word "serendipity"\nI need its definition and examples',
    ]);
    expect(parts("Find fruits of the Rosaceae family. I'd like to know their names.")).toEqual([
      "Find fruits of the Rosaceae family\nI'd like to know their names",
    ]);
    expect(parts('Search for holidays called "Diwali" and tell me about its date and country')).toEqual([
      'Search for holidays called "Diwali"\ntell me about its date and country',
    ]);
    expect(parts('Find flights to Paris. I need a taxi to the airport.')).toHaveLength(2);
    expect(parts("Find flights to Paris. I'd like to know the weather there.")).toHaveLength(2);
  });
});

describe("splitSubIntents: the user's background before a request said as one", () => {
  it('a first-person statement that names no act is where the next request comes from', () => {
    expect(
      parts(
        "I'm trying to learn more about axolotls for a school project. Could you find me 5 facts about them?",
      ),
    ).toEqual([
      "Could you find me 5 facts about them?\nI'm trying to learn more about axolotls for a school project",
    ]);
    expect(
      parts(
        "I'm writing a daily newsletter and I want a fun fact in each issue. Can you give me today's fact?",
      ),
    ).toEqual([
      "Can you give me today's fact?\nI'm writing a daily newsletter and I want a fun fact in each issue",
    ]);
  });

  it('a statement that names an act, or looks for something, stays a request', () => {
    expect(parts('I need to create a document named Plan. Please add the goals to it.')).toEqual([
      'I need to create a document named Plan',
      'add the goals to it',
    ]);
    expect(parts("I'm looking for a hotel in Rome. Book a table for two tonight.")).toHaveLength(2);
  });
});

describe('splitSubIntents: greetings and thanks', () => {
  it('are no parts', () => {
    expect(parts('Hello! Can you make a red picture, 200x200? Thank you!')).toEqual([
      'Can you make a red picture, 200x200?',
    ]);
  });
});

describe('askedPart', () => {
  it('leaves out the situation and the interest merged into a part', () => {
    expect(
      askedPart(
        "Could you check the weather for me?\nI'm planning a beach day in Miami\nI'm particularly interested in the wind",
      ),
    ).toBe('Could you check the weather for me?');
    // Stated values say which tool takes them: they stay.
    expect(askedPart('Buy a train ticket\nMy ID number is 3201X')).toBe(
      'Buy a train ticket\nMy ID number is 3201X',
    );
  });

  it('keeps the background: "… a concert by Taylor Swift\nPlease check the tickets" is about that concert', () => {
    expect(askedPart('Can you check the tickets?\nI want to attend a concert by Taylor Swift')).toBe(
      'Can you check the tickets?\nI want to attend a concert by Taylor Swift',
    );
  });

  it('keeps the statement when the rest only says "fetch that"', () => {
    expect(askedPart('I want to know the version of the library\nCan you fetch that for me?')).toBe(
      'I want to know the version of the library\nCan you fetch that for me?',
    );
  });

  it('keeps a request typed over two lines, and all of a part that is only context', () => {
    expect(askedPart('Please find\nthe weather in Paris')).toBe('Please find\nthe weather in Paris');
    expect(askedPart("I'm planning a trip\nI'm in Rome")).toBe("I'm planning a trip\nI'm in Rome");
  });
});
