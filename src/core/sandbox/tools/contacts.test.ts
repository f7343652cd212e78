import { describe, expect, it } from 'vitest';
import { callFails, callOk, openSandbox } from '../sandbox.test-util';

describe('contacts tools', () => {
  it('contacts_search finds Anna Keller by first name, any case, and gives her email', async () => {
    const sandbox = await openSandbox();
    const hit = await callOk(sandbox, 'contacts_search', { name: 'anna' });
    expect(hit).toEqual({
      contact_id: 'c-111',
      name: 'Anna Keller',
      email: 'anna.keller@example.com',
      phone: '+49 151 5550 1234',
    });
  });

  it('forgives partial names, possessives, accents-free typing and one typo per word', async () => {
    const sandbox = await openSandbox();
    const nameOf = async (name: string) => (await callOk(sandbox, 'contacts_search', { name })).name;
    expect(await nameOf('Anna Keller')).toBe('Anna Keller');
    expect(await nameOf('a kel')).toBe('Anna Keller');
    expect(await nameOf("Anna's")).toBe('Anna Keller');
    expect(await nameOf('Keler')).toBe('Anna Keller');
    expect(await nameOf('KENJI')).toBe('Kenji Sato');
    expect(await nameOf('Alice')).toBe('Alice Martin');
    expect(await nameOf('bob.chen@example.com')).toBe('Bob Chen');
  });

  it('contacts_search matches the demo traces: the same id and details per person', async () => {
    const sandbox = await openSandbox();
    expect(await callOk(sandbox, 'contacts_search', { name: 'Ines' })).toEqual({
      contact_id: 'c-109',
      name: 'Ines Silva',
      email: 'ines.silva@example.com',
      phone: '+1 555 0166',
    });
  });

  it('contacts_get gives the address, also when a name is passed for the id', async () => {
    const sandbox = await openSandbox();
    expect(await callOk(sandbox, 'contacts_get', { contact_id: 'c-111' })).toEqual({
      name: 'Anna Keller',
      email: 'anna.keller@example.com',
      phone: '+49 151 5550 1234',
      address: '14 Kastanienallee, Berlin',
    });
    expect((await callOk(sandbox, 'contacts_get', { contact_id: 'Anna' })).address).toBe(
      '14 Kastanienallee, Berlin',
    );
  });

  it('an unknown person is the caller’s fault, with a message naming real contacts', async () => {
    const sandbox = await openSandbox();
    const failure = await callFails(sandbox, 'contacts_search', { name: 'Zoltan' });
    expect(failure.kind).toBe('invalid-arguments');
    expect(failure.code).toBe('contact-not-found');
    expect(failure.message).toContain('No contact matches "Zoltan"');
    expect(failure.message).toContain('Anna Keller');
    expect((await callFails(sandbox, 'contacts_get', { contact_id: 'c-999' })).code).toBe(
      'contact-not-found',
    );
    // A different surname is a different person, not a forgiving match.
    expect((await callFails(sandbox, 'contacts_search', { name: 'Anna Schmidt' })).code).toBe(
      'contact-not-found',
    );
  });

  it('an empty name is an invalid argument', async () => {
    const sandbox = await openSandbox();
    const failure = await callFails(sandbox, 'contacts_search', { name: '  ' });
    expect(failure).toMatchObject({ kind: 'invalid-arguments', code: 'invalid-argument' });
  });
});
