import { CONTACTS } from '../../demo/demo-traces';
import type { Contact } from '../sandbox-state';

/** People the demo traces use, same ids and details, so a trace's contact_id means the same person here. */
const DEMO_PEOPLE: Contact[] = CONTACTS.map((c) => ({
  id: c.contact_id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address,
  city: c.address.slice(c.address.lastIndexOf(', ') + 2),
}));

type Extra = [name: string, phone: string, address: string];

/** More people, one per remaining city, with unique first names so "Kenji" finds one person. */
const EXTRA: Extra[] = [
  ['Anna Keller', '+49 151 5550 1234', '14 Kastanienallee, Berlin'],
  ['Kenji Sato', '+81 90 5550 4321', '8 Omotesando Avenue, Tokyo'],
  ['Lucia Fernandez', '+34 600 555 017', '21 Calle Mayor, Madrid'],
  ['Maya Patel', '+1 416 555 0142', '55 Spadina Avenue, Toronto'],
  ['Noah Brooks', '+1 212 555 0199', '120 Bleecker Street, New York'],
  ['Olivia Santos', '+351 912 555 088', '9 Rua da Prata, Lisbon'],
];

export function seedContacts(): Contact[] {
  const extra = EXTRA.map(([name, phone, address], i): Contact => ({
    id: `c-${101 + DEMO_PEOPLE.length + i}`,
    name,
    email: `${name.replace(' ', '.')}@example.com`.toLowerCase(),
    phone,
    address,
    city: address.slice(address.lastIndexOf(', ') + 2),
  }));
  return [...DEMO_PEOPLE, ...extra];
}
