import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar } from './ics';

describe('iCalendar text', () => {
  it('when text holds backslashes, semicolons, commas and line breaks, then they are escaped', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('when text holds control characters, then they are dropped but tabs stay', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
  });

  it('when a line is longer than 75 octets, then it folds without splitting a character', () => {
    const line = `SUMMARY:${'ü🐶é'.repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, part] of physical.entries()) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('when a line fits, then it is left alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(Buffer.byteLength(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('when an event falls on the last day of a year, then it ends on the first day of the next', () => {
    const text = renderCalendar(
      {
        name: 'Test',
        refreshInterval: 'PT6H',
        events: [{ uid: 'a@b', date: '2030-12-31', summary: 's', description: 'd', category: 'vaccine' }],
      },
      new Date('2030-01-02T03:04:05.678Z'),
    );
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20301231\r\n');
    expect(text).toContain('\r\nDTEND;VALUE=DATE:20310101\r\n');
    expect(text).toContain('\r\nDTSTAMP:20300102T030405Z\r\n');
  });
});
