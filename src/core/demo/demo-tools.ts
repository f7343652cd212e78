import type { JsonSchemaObject, Tool } from '../tools/tool';

// Field names deliberately vary across tools for the same concept (email / to_email / attendee_email /
// from_email, address / origin_address / destination_address / location, value / amount / temperature_c)
// so parameter standardization has real synonyms to cluster in the built-in world.

const str = (description: string): JsonSchemaObject => ({ type: 'string', description });
const num = (description: string): JsonSchemaObject => ({ type: 'number', description });
const int = (description: string): JsonSchemaObject => ({ type: 'integer', description });
const list = (description: string, item: Record<string, JsonSchemaObject>): JsonSchemaObject => ({
  type: 'array',
  description,
  items: { type: 'object', properties: item },
});

const params = (properties: Record<string, JsonSchemaObject>, required: string[]): JsonSchemaObject => ({
  type: 'object',
  properties,
  required,
});

const returns = (properties: Record<string, JsonSchemaObject>): JsonSchemaObject => ({
  type: 'object',
  properties,
});

const tool = (
  name: string,
  category: string,
  description: string,
  parameters: JsonSchemaObject,
  returnSchema: JsonSchemaObject,
): Tool => ({ name, description, parameters, returns: returnSchema, category, source: 'builtin' });

const EVENT_ITEM = {
  event_id: str('Identifier of the event.'),
  title: str('Title of the event.'),
  start_time: str('Start, ISO 8601 local date-time.'),
  end_time: str('End, ISO 8601 local date-time.'),
  location: str('Street address where the event takes place.'),
  city: str('City where the event takes place.'),
};

const MESSAGE_ITEM = {
  message_id: str('Identifier of the email.'),
  from_email: str('Sender email address.'),
  subject: str('Subject line.'),
  date: str('Date received, YYYY-MM-DD.'),
};

const NOTE_ITEM = {
  note_id: str('Identifier of the note.'),
  title: str('Title of the note.'),
  content: str('Full text of the note.'),
};

export const DEMO_TOOLS: Tool[] = [
  // contacts
  tool(
    'contacts_search',
    'contacts',
    'Find the best-matching contact by name.',
    params({ name: str('Full or partial name of the person.') }, ['name']),
    returns({
      contact_id: str('Identifier of the contact.'),
      name: str('Full name of the contact.'),
      email: str('Email address of the contact.'),
      phone: str('Mobile phone number of the contact.'),
    }),
  ),
  tool(
    'contacts_get',
    'contacts',
    'Get the full record of a contact.',
    params({ contact_id: str('Identifier of the contact.') }, ['contact_id']),
    returns({
      name: str('Full name of the contact.'),
      email: str('Email address of the contact.'),
      phone: str('Mobile phone number of the contact.'),
      address: str('Home street address of the contact.'),
    }),
  ),

  // calendar
  tool(
    'calendar_list_events',
    'calendar',
    'List the calendar events on one day.',
    // "Show my calendar" means today's: asking which day first is a question nobody needs.
    params({ date: str('Day to list, YYYY-MM-DD; today when left out.') }, []),
    returns({
      events: list('Events of the day, in start order.', EVENT_ITEM),
      count: int('Number of events.'),
    }),
  ),
  tool(
    'calendar_create_event',
    'calendar',
    'Create a calendar event, optionally inviting one attendee.',
    params(
      {
        title: str('Title of the event.'),
        start_time: str('Start, ISO 8601 local date-time.'),
        end_time: str('End, ISO 8601 local date-time.'),
        attendee_email: str('Email address of the person to invite.'),
        location: str('Street address where the event takes place.'),
      },
      ['title', 'start_time', 'end_time'],
    ),
    returns({ event_id: str('Identifier of the created event.') }),
  ),
  tool(
    'calendar_find_free_slot',
    'calendar',
    'Find the first free slot of a given length on a day.',
    params(
      {
        date: str('Day to search, YYYY-MM-DD.'),
        // "When am I free on Monday?" names no length: the first half hour free answers it.
        duration_minutes: int('Length of the slot in minutes; 30 when left out.'),
        // "Find a free hour tomorrow afternoon" must not answer 08:00.
        earliest_time: str('Earliest start of the slot, HH:MM; the start of the working day when left out.'),
      },
      ['date'],
    ),
    returns({
      start_time: str('Start of the free slot, ISO 8601 local date-time.'),
      end_time: str('End of the free slot, ISO 8601 local date-time.'),
    }),
  ),

  // mail
  tool(
    'mail_send',
    'mail',
    'Send an email.',
    params(
      {
        to_email: str('Recipient email address.'),
        subject: str('Subject line.'),
        body: str('Plain-text body of the email.'),
      },
      ['to_email', 'subject', 'body'],
    ),
    returns({ message_id: str('Identifier of the sent email.') }),
  ),
  tool(
    'mail_search',
    'mail',
    'Search the inbox by keywords.',
    params({ query: str('Keywords to match against sender, subject and body.') }, ['query']),
    returns({
      messages: list('Matching emails, newest first.', MESSAGE_ITEM),
      count: int('Number of matching emails.'),
    }),
  ),
  tool(
    'mail_read',
    'mail',
    'Read one email.',
    params({ message_id: str('Identifier of the email.') }, ['message_id']),
    returns({
      from_email: str('Sender email address.'),
      subject: str('Subject line.'),
      body: str('Plain-text body of the email.'),
    }),
  ),

  // messages
  tool(
    'messages_send',
    'messages',
    'Send a text message to a phone number.',
    params(
      {
        phone: str('Recipient phone number.'),
        text: str('Text of the message.'),
      },
      ['phone', 'text'],
    ),
    returns({ message_id: str('Identifier of the sent text message.') }),
  ),

  // notes
  tool(
    'notes_create',
    'notes',
    'Create a note.',
    params(
      {
        title: str('Title of the note.'),
        content: str('Full text of the note.'),
      },
      ['title', 'content'],
    ),
    returns({ note_id: str('Identifier of the created note.') }),
  ),
  tool(
    'notes_search',
    'notes',
    'Search notes by keywords.',
    params({ query: str('Keywords to match against note titles and text.') }, ['query']),
    returns({
      notes: list('Matching notes, best first.', NOTE_ITEM),
      count: int('Number of matching notes.'),
    }),
  ),

  // reminders
  tool(
    'reminders_create',
    'reminders',
    'Create a reminder.',
    params(
      {
        text: str('What to be reminded of.'),
        due_time: str('When the reminder fires: YYYY-MM-DD or ISO 8601 local date-time.'),
      },
      ['text', 'due_time'],
    ),
    returns({ reminder_id: str('Identifier of the created reminder.') }),
  ),

  // files
  tool(
    'files_search',
    'files',
    'Find the best-matching file by name or content keywords.',
    params({ query: str('Keywords to match against file names and contents.') }, ['query']),
    returns({
      file_id: str('Identifier of the file.'),
      path: str('Path of the file.'),
    }),
  ),
  tool(
    'files_read',
    'files',
    'Read the text content of a file.',
    params({ file_id: str('Identifier of the file.') }, ['file_id']),
    returns({ content: str('Text content of the file.') }),
  ),

  // places
  tool(
    'places_search',
    'places',
    'Find the best-matching place, such as a business, venue or sight (a cafe, restaurant, park, landmark, dentist, pharmacy, bookshop or gym).',
    params(
      {
        query: str('What to look for, e.g. "cafe" or "dentist".'),
        city: str('City to search in.'),
      },
      ['query'],
    ),
    returns({
      place_id: str('Identifier of the place.'),
      name: str('Name of the place.'),
      address: str('Street address of the place.'),
      city: str('City of the place.'),
    }),
  ),
  tool(
    'places_directions',
    'places',
    'Travel time and distance between two addresses.',
    params(
      {
        origin_address: str('Street address to start from.'),
        destination_address: str('Street address to go to.'),
        mode: {
          type: 'string',
          description: 'Means of travel; driving when omitted.',
          enum: ['driving', 'walking', 'cycling', 'transit'],
        },
      },
      ['origin_address', 'destination_address'],
    ),
    returns({
      duration_minutes: int('Expected travel time in minutes.'),
      distance_km: num('Route length in kilometres.'),
    }),
  ),
  tool(
    'places_weather',
    'places',
    'Weather forecast for a city.',
    params(
      {
        city: str('City to forecast.'),
        date: str('Day to forecast, YYYY-MM-DD; today when omitted.'),
      },
      ['city'],
    ),
    returns({
      temperature_c: num('Expected midday temperature in degrees Celsius.'),
      condition: str('Short description, e.g. "light rain".'),
    }),
  ),

  // maths
  tool(
    'units_convert',
    'maths',
    'Convert a quantity between units (length, mass, temperature, volume).',
    params(
      {
        value: num('Quantity to convert.'),
        from_unit: str('Unit of the quantity, e.g. "km" or "celsius".'),
        to_unit: str('Unit to convert to, e.g. "miles" or "fahrenheit".'),
      },
      ['value', 'from_unit', 'to_unit'],
    ),
    returns({ value: num('Converted quantity, rounded to two decimals.') }),
  ),
  tool(
    'currency_convert',
    'maths',
    'Convert money between currencies at the current rate.',
    params(
      {
        amount: num('Amount of money to convert.'),
        from_currency: str('ISO 4217 code of the amount, e.g. "USD".'),
        to_currency: str('ISO 4217 code to convert to, e.g. "EUR".'),
      },
      ['amount', 'from_currency', 'to_currency'],
    ),
    returns({ amount: num('Converted amount, rounded to two decimals.') }),
  ),
  tool(
    'date_add',
    'maths',
    'Add a number of days to a date.',
    params(
      {
        date: str('Start date, YYYY-MM-DD.'),
        days: int('Days to add; negative to go back.'),
      },
      ['date', 'days'],
    ),
    returns({ date: str('Resulting date, YYYY-MM-DD.') }),
  ),
];
