import { describe, expect, it } from 'vitest';
import { CITIES, HOME_ADDRESS } from '../../demo/demo-traces';
import { CITY_GEO } from '../data/geo';
import { locateAddress } from '../data/locate';
import { MONTHLY_NORMALS_C } from '../data/weather';
import { callFails, callOk, demoTool, openSandbox } from '../sandbox.test-util';

describe('places_search', () => {
  it('finds a kind of place in a city, from the bundled table', async () => {
    const sandbox = await openSandbox();
    expect(await callOk(sandbox, 'places_search', { query: 'cafe', city: 'Paris' })).toEqual({
      place_id: 'pl-par-cafe',
      name: 'Blue Door Cafe',
      address: '2 Rue Oberkampf, Paris',
      city: 'Paris',
    });
    const outcome = await sandbox.call(demoTool('places_search'), { query: 'museum', city: 'london' });
    expect(outcome).toMatchObject({
      ok: true,
      output: { name: 'Natural History Museum', address: '1 Cromwell Road, London' },
      source: { kind: 'bundled-data', label: 'bundled places data' },
    });
  });

  it('understands synonyms, names, aliases and a city inside the query; defaults to home', async () => {
    const sandbox = await openSandbox();
    const nameOf = async (args: Record<string, unknown>) =>
      (await callOk(sandbox, 'places_search', args)).name;
    expect(await nameOf({ query: 'coffee' })).toBe('Little Bean'); // London, the user's home city
    expect(await nameOf({ query: 'the louvre' })).toBe('Louvre Museum');
    // A two-letter word of a street name ("de") is no start of "dental".
    expect(await nameOf({ query: 'coffee shop near Rue de Rivoli Paris', city: 'Paris' })).toBe(
      'Blue Door Cafe',
    );
    expect(await nameOf({ query: 'train station', city: 'Madrid' })).toBe('Atocha Station');
    expect(await nameOf({ query: 'cafe in Berlin' })).toBe('Corner Roast');
    expect(await nameOf({ query: 'chemist', city: 'NYC' })).toBe('Green Cross Pharmacy');
  });

  it('fails on an unknown city (listing the known ones) and on nothing matching', async () => {
    const sandbox = await openSandbox();
    const city = await callFails(sandbox, 'places_search', { query: 'cafe', city: 'Atlantis' });
    expect(city).toMatchObject({ kind: 'invalid-arguments', code: 'unknown-city' });
    expect(city.message).toContain('Paris, Berlin, London, Lisbon, Tokyo, New York, Toronto, Madrid');
    const none = await callFails(sandbox, 'places_search', { query: 'aquarium', city: 'Paris' });
    expect(none).toMatchObject({ kind: 'invalid-arguments', code: 'place-not-found' });
    expect(none.message).toContain('museum');
  });
});

describe('places_directions', () => {
  it('is symmetric: the same distance and time both ways, for every mode', async () => {
    const sandbox = await openSandbox();
    const anna = (await callOk(sandbox, 'contacts_get', { contact_id: 'c-111' })).address as string;
    const museum = (await callOk(sandbox, 'places_search', { query: 'museum', city: 'Berlin' }))
      .address as string;
    for (const mode of ['driving', 'walking', 'cycling', 'transit']) {
      const there = await callOk(sandbox, 'places_directions', {
        origin_address: anna,
        destination_address: museum,
        mode,
      });
      const back = await callOk(sandbox, 'places_directions', {
        origin_address: museum,
        destination_address: anna,
        mode,
      });
      expect(back).toEqual(there);
      expect(there.distance_km).toBeGreaterThan(0);
    }
  });

  it('gives plausible, deterministic figures per mode; driving when the mode is omitted', async () => {
    const sandbox = await openSandbox();
    const route = (mode?: string) =>
      callOk(sandbox, 'places_directions', {
        origin_address: HOME_ADDRESS,
        destination_address: 'Natural History Museum',
        ...(mode ? { mode } : {}),
      });
    const [driving, walking, cycling, transit, omitted] = await Promise.all([
      route('driving'),
      route('walking'),
      route('cycling'),
      route('transit'),
      route(),
    ]);
    expect(driving).toEqual({ duration_minutes: 25, distance_km: 9.3 });
    expect(omitted).toEqual(driving);
    expect(walking).toEqual({ duration_minutes: 104, distance_km: 8.6 });
    expect(walking.duration_minutes).toBeGreaterThan(cycling.duration_minutes as number);
    expect(transit.duration_minutes).toBeLessThan(walking.duration_minutes as number);
  });

  it('a long trip uses long-distance speeds; the same address is no trip', async () => {
    const sandbox = await openSandbox();
    const paris = await callOk(sandbox, 'places_directions', {
      origin_address: '27 upper st, london',
      destination_address: 'Louvre Museum, Paris',
      mode: 'transit',
    });
    expect(paris.distance_km).toBeGreaterThan(400);
    expect(paris.duration_minutes).toBeLessThan(6 * 60);
    expect(
      await callOk(sandbox, 'places_directions', {
        origin_address: HOME_ADDRESS,
        destination_address: 'home',
      }),
    ).toEqual({ duration_minutes: 0, distance_km: 0 });
  });

  it("searches an end that is no address as a place, in the other end's city; never renames a place", async () => {
    const sandbox = await openSandbox();
    const route = (origin_address: string, destination_address: string) =>
      callOk(sandbox, 'places_directions', { origin_address, destination_address });
    // "from the Louvre to the train station" is Gare du Nord, not King's Cross in the home city.
    expect(await route('Louvre Museum', 'train station')).toEqual(
      await route('Louvre Museum', 'Gare du Nord'),
    );
    expect(await route('museum', 'the station')).toEqual(
      await route('Natural History Museum', "King's Cross Station"),
    );
    // A name the map does not know is not the nearest museum of another name.
    const unknown = await callFails(sandbox, 'places_directions', {
      origin_address: 'British Museum',
      destination_address: "King's Cross",
    });
    expect(unknown.message).toContain('"British Museum"');
    expect(unknown.message).toContain('no street or place of that name');
  });

  it('fails with an actionable message on unknown addresses, oceans and absurd walks', async () => {
    const sandbox = await openSandbox();
    const unknown = await callFails(sandbox, 'places_directions', {
      origin_address: HOME_ADDRESS,
      destination_address: '5 Nowhere Lane, London',
    });
    expect(unknown).toMatchObject({ kind: 'invalid-arguments', code: 'unknown-address' });
    expect(unknown.message).toContain('Upper Street');
    const ocean = await callFails(sandbox, 'places_directions', {
      origin_address: HOME_ADDRESS,
      destination_address: '8 Omotesando Avenue, Tokyo',
    });
    expect(ocean.code).toBe('no-route');
    const walk = await callFails(sandbox, 'places_directions', {
      origin_address: HOME_ADDRESS,
      destination_address: '14 Kastanienallee, Berlin',
      mode: 'walking',
    });
    expect(walk.message).toContain('too far for walking');
    const mode = await callFails(sandbox, 'places_directions', {
      origin_address: HOME_ADDRESS,
      destination_address: 'home',
      mode: 'teleport',
    });
    expect(mode.code).toBe('invalid-argument');
  });

  it('locates every address the demo data uses: contacts, places and the demo streets', () => {
    for (const city of CITIES)
      for (const street of city.streets)
        expect(locateAddress(`7 ${street}, ${city.name}`, 'a').city).toBe(city.name);
    expect(locateAddress('27 Upper St, London', 'a').address).toBe('27 Upper Street, London');
    expect(locateAddress('3 torstraße, berlin', 'a').address).toBe('3 Torstrasse, Berlin');
    expect(locateAddress('Kastanienallee', 'a').city).toBe('Berlin');
  });
});

describe('places_weather', () => {
  it('is a deterministic simulated forecast of city and date, labelled as simulated', async () => {
    const sandbox = await openSandbox();
    const outcome = await sandbox.call(demoTool('places_weather'), { city: 'London', date: '2026-11-26' });
    expect(outcome).toMatchObject({ ok: true, source: { kind: 'simulated' } });
    if (!outcome.ok) return;
    expect(outcome.source.label).toContain('simulated');
    const again = await callOk(sandbox, 'places_weather', { city: 'london', date: '2026-11-26' });
    expect(again).toEqual(outcome.output);
    // Within ±3 °C of London's November normal, the demo's baseTempC.
    expect(Math.abs((again.temperature_c as number) - 10)).toBeLessThanOrEqual(3);
    expect(typeof again.condition).toBe('string');
  });

  it('uses today when the date is omitted, and fails on an unknown city or a bad date', async () => {
    const sandbox = await openSandbox();
    expect(await callOk(sandbox, 'places_weather', { city: 'Paris' })).toEqual(
      await callOk(sandbox, 'places_weather', { city: 'Paris', date: '2026-11-25' }),
    );
    expect((await callFails(sandbox, 'places_weather', { city: 'Gotham' })).code).toBe('unknown-city');
    expect((await callFails(sandbox, 'places_weather', { city: 'Paris', date: '25/11/2026' })).code).toBe(
      'invalid-date',
    );
  });

  it('the bundled normals agree with the demo traces’ November temperatures, for every city', () => {
    expect(CITY_GEO.map((c) => c.name)).toEqual(CITIES.map((c) => c.name));
    for (const city of CITIES) expect(MONTHLY_NORMALS_C[city.name]?.[10]).toBe(city.baseTempC);
  });

  it("a place name several cities have is the one in the other end's city", async () => {
    const sandbox = await openSandbox();
    const route = await callOk(sandbox, 'places_directions', {
      origin_address: '25 Baker Street, London',
      destination_address: 'Pulse Fitness',
      mode: 'cycling',
    });
    // 51 Brick Lane, London: a 7 km ride, not the Paris gym 347 km away.
    expect((route as { distance_km: number }).distance_km).toBeLessThan(20);
  });
});
