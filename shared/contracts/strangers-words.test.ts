import { describe, expect, it } from 'vitest';
import { finderReportSchema } from './finder-report-schema';
import { newMessageSchema } from './message-schema';
import { sightingSchema } from './sighting-schema';

const PET = '3f1c2a9e-7b4d-4e2f-9a61-5c8d0e7f1b2a';
// An override left open shows the rest of a line backwards; an isolate can hide where text ends.
const SPOOFED = 'Behind the bakery on Elm St \u202Egpj.exe \u2066call +1 900\u2069';
const CLEAN = 'Behind the bakery on Elm St gpj.exe call +1 900';

describe("a stranger's words", () => {
  it('when they hold controls that reorder text, then the controls are dropped and the words kept, wherever a stranger writes', () => {
    expect(sightingSchema.parse({ petId: PET, location: SPOOFED, note: SPOOFED })).toMatchObject({
      location: CLEAN,
      note: CLEAN,
    });
    expect(
      finderReportSchema.parse({ petId: PET, finderName: SPOOFED, finderLocation: SPOOFED, message: SPOOFED }),
    ).toMatchObject({ finderName: CLEAN, finderLocation: CLEAN, message: CLEAN });
    expect(newMessageSchema.parse({ body: SPOOFED }).body).toBe(CLEAN);
  });

  it('when they are written right to left, then they are kept as written: they need no control', () => {
    const arabic = 'خلف المخبز في شارع إلم';
    expect(sightingSchema.parse({ petId: PET, location: arabic }).location).toBe(arabic);
  });
});
