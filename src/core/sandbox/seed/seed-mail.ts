import { TOPICS } from '../../demo/demo-traces';
import { addDays } from '../dates';
import type { Contact, InboxMail } from '../sandbox-state';

/** [days before the seed day, sender's name, subject, body] */
type MailSpec = [daysAgo: number, from: string, subject: string, body: string];

const topic = (key: string, i = 0): string => TOPICS.find((t) => t.key === key)?.notes[i] ?? '';

/** The demo's own topics, worded as the demo traces' inbox mails are ("Hi, … Can you confirm by Friday?"). */
const ask = (text: string, first: string): string =>
  `Hi, ${text} Can you confirm by Friday? Thanks, ${first}`;

const MAILS: MailSpec[] = [
  [0, 'Anna Keller', 'Offsite next steps', ask(topic('offsite', 0), 'Anna')],
  [
    0,
    'Alice Martin',
    'Lunch tomorrow?',
    'Are we still on for lunch tomorrow at 12:30? I booked a table. Alice',
  ],
  [1, 'Eve Novak', 'Re: budget', ask(topic('budget', 1), 'Eve')],
  [1, 'Bob Chen', 'Question about the product launch', ask(topic('product launch', 2), 'Bob')],
  [2, 'Ines Silva', 'Offsite menu', ask(topic('offsite', 1), 'Ines')],
  [
    2,
    'Frank Weber',
    'Hiring plan next steps',
    ask(`${topic('hiring plan', 0)} ${topic('hiring plan', 1)}`, 'Frank'),
  ],
  [
    3,
    'Grace Kim',
    'Invoice 1042',
    'Hi, invoice 1042 is attached: 38 hours of design consulting at 85 EUR, total 3230 EUR, due in 30 days. Grace',
  ],
  [
    4,
    'Jonas Berg',
    'Marathon training',
    `Hi, my plan for next week: ${topic('marathon training', 0)} Join me? Jonas`,
  ],
  [
    5,
    'Kenji Sato',
    'Visit to Tokyo in spring',
    'Hi, I will be in Tokyo all of April. Let me know your dates and I will book a table near Omotesando. Kenji',
  ],
];

export function seedInbox(seedDay: string, contacts: Contact[]): InboxMail[] {
  return MAILS.map(([daysAgo, from, subject, body], i) => {
    const sender = contacts.find((c) => c.name === from);
    return {
      id: `msg-${2001 + i}`,
      fromEmail: sender?.email ?? `${from.replace(' ', '.').toLowerCase()}@example.com`,
      fromName: from,
      subject,
      body,
      date: addDays(seedDay, -daysAgo),
    };
  });
}
