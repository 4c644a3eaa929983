import { describe, expect, it } from 'vitest';
import { en } from './en';
import { languageFromAcceptLanguage, supportedLanguage } from './languages';
import { TRANSLATIONS } from './resources';

describe("the finder's language from the browser's Accept-Language", () => {
  it('when a regional variant is asked for, then its language is offered', () => {
    expect(languageFromAcceptLanguage('pt-BR,pt;q=0.9')).toBe('pt');
    expect(languageFromAcceptLanguage('es-MX')).toBe('es');
    expect(languageFromAcceptLanguage('de-CH, en;q=0.5')).toBe('de');
  });

  it('when Chinese is asked for as zh, zh-CN or zh-Hans, then it is Simplified Chinese; Traditional is not offered', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-Hans-CN', 'ZH-cn']) expect(supportedLanguage(tag)).toBe('zh-Hans');
    expect(languageFromAcceptLanguage('zh-TW, zh-Hant;q=0.9, fr;q=0.5')).toBe('fr');
  });

  it('when quality values are given, then the most preferred language we offer wins, whatever the order', () => {
    expect(languageFromAcceptLanguage('fr;q=0.5, de')).toBe('de');
    expect(languageFromAcceptLanguage('it, es;q=0.8, fr;q=0.9')).toBe('fr');
    expect(languageFromAcceptLanguage('es;q=0, fr;q=0.1')).toBe('fr');
  });

  it('when nothing asked for is offered, or the header is missing or garbled, then no language is picked (English follows)', () => {
    expect(languageFromAcceptLanguage('it, ja;q=0.8, *;q=0.1')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
    expect(languageFromAcceptLanguage(';;;,q=x')).toBeUndefined();
    expect(supportedLanguage(['es'])).toBeUndefined();
  });
});

describe('the translations', () => {
  const ENGLISH_GRAMMAR: Record<string, string> = { '{{petPossessive}}': '{{name}}', '{{near}}': '{{place}}' };
  const placeholders = (text: string) => new Set(text.match(/\{\{\w+\}\}/g) ?? []);

  it("when a language words a sentence, then it keeps the English sentence's placeholders (the pet's name) and leaves none empty", () => {
    for (const [language, translation] of Object.entries(TRANSLATIONS)) {
      for (const [namespace, words] of Object.entries(en)) {
        for (const [key, english] of Object.entries(words)) {
          const text = (translation as unknown as Record<string, Record<string, string>>)[namespace][key];
          expect(text.trim(), `${language} ${namespace}.${key}`).not.toBe('');
          // English grammar ({{petPossessive}}, {{near}} a place): another language builds the phrase
          // from the plain value.
          const expected = [...placeholders(english)].map((p) =>
            language !== 'en' && Object.hasOwn(ENGLISH_GRAMMAR, p) ? ENGLISH_GRAMMAR[p] : p,
          );
          for (const placeholder of expected)
            expect(placeholders(text).has(placeholder), `${language} ${namespace}.${key} keeps ${placeholder}`).toBe(
              true,
            );
        }
      }
    }
  });
});
