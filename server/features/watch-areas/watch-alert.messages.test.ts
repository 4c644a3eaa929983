import { describe, expect, it } from 'vitest';
import { distanceInWords, watchAlertPush } from './watch-alert.messages';

const pet = {
  id: '5d0b7a4e-8c1f-4a57-9f43-0d1e2a3b4c5d',
  name: 'Biscuit',
  species: 'dog',
  breed: null,
  isMissing: true,
  photoUrl: null,
  photoHash: null,
};

describe("a watch alert's words", () => {
  it('says a distance to 100 m below a kilometre, to 0.1 km above, and never less than 100 m', () => {
    expect(distanceInWords(0.02)).toBe('about 100 m');
    expect(distanceInWords(0.44)).toBe('about 400 m');
    expect(distanceInWords(0.96)).toBe('about 1 km');
    expect(distanceInWords(2.449)).toBe('about 2.4 km');
  });

  it('names the pet and its kind, and opens its scan page', () => {
    expect(watchAlertPush(pet, 0.6)).toEqual({
      title: 'Biscuit is missing near you',
      body: "A dog, last seen about 600 m from the centre of your watch area. Tap to see Biscuit's page.",
      url: `/scan/${pet.id}`,
    });
    expect(watchAlertPush({ ...pet, breed: 'Akita' }, 3).body).toMatch(/^An Akita, last seen about 3 km/);
    expect(watchAlertPush({ ...pet, species: 'other' }, 3).body).toMatch(/^A pet, /);
  });

  it('cuts a long name to the 100 characters of a notification title', () => {
    expect(watchAlertPush({ ...pet, name: 'N'.repeat(300) }, 1).title).toHaveLength(100);
  });
});
