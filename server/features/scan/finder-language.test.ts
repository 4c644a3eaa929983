import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finderReports, notifications, pets } from '../../../shared/schema';
import { buildFinderReport, insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { conversationPrerender } from '../conversations/conversation-prerender';
import { FINDER_REPORT_LIMIT, FINDER_REPORT_QUOTAS } from '../finder-reports/finder-reports.service';
import { scanPrerender } from './scan-prerender';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function missingPet(name = 'Mochi') {
  const owner = await signedInOwner(app);
  const pet = await insertPet(app.database.db, owner.user.id, { name, isMissing: true, ownerPhone: '555-0177' });
  return { owner, pet };
}

/** A request as Express hands it to the scan page's renderer: its query and its headers. */
const pageRequest = (params: Record<string, string>, headers: Record<string, string> = {}, query = {}) =>
  ({ params, query, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

const renderScan = (petId: string, headers: Record<string, string> = {}, query = {}) =>
  scanPrerender(app.services).render(pageRequest({ id: petId }, headers, query));

/** The words the page carries for its script. */
const pageStrings = (body = '') =>
  JSON.parse(body.match(/<script type="application\/json" id="page-strings">(.*?)<\/script>/)?.[1] ?? '{}');

describe("the finder's scan page in the finder's language", () => {
  it('when the browser asks for Spanish, then the page, its title and its words for the script are Spanish', async () => {
    const { pet } = await missingPet();
    const page = await renderScan(pet.id, { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' });
    expect(page?.lang).toBe('es');
    expect(page?.title).toBe('Mascota perdida: Mochi · Homeward');
    expect(page?.body).toContain('¡Ayuda a Mochi a volver con su familia!');
    expect(page?.body).toContain('Llamar al dueño');
    expect(page?.body).toContain('Compartir ubicación');
    expect(page?.body).not.toContain('Call Owner');
    // Only Spanish, and only what the script renders: the dialog's words, not the server's pages.
    const { lang, strings } = pageStrings(page?.body);
    expect(lang).toBe('es');
    expect(Object.keys(strings).sort()).toEqual(['common', 'scan', 'shareLocation']);
    expect(strings.shareLocation.place).toBe('¿Dónde encontraste a {{name}}?');
    expect(JSON.stringify(strings)).not.toContain('Call Owner');
  });

  it('when the pet has no breed, then its species is named in the language, and a species the owner typed as typed', async () => {
    const owner = await signedInOwner(app);
    const cat = await insertPet(app.database.db, owner.user.id, { name: 'Tama', species: 'cat', breed: null });
    expect((await renderScan(cat.id, { 'accept-language': 'es' }))?.body).toContain('>Gato</p>');
    expect((await renderScan(cat.id, { 'accept-language': 'zh-CN' }))?.body).toContain('>猫</p>');
    expect((await renderScan(cat.id))?.body).toContain('>Cat</p>');
    const ferret = await insertPet(app.database.db, owner.user.id, { species: 'ferret', breed: null });
    expect((await renderScan(ferret.id, { 'accept-language': 'es' }))?.body).toContain('>Ferret</p>');
  });

  it('when the switch asks for French (?lang=fr), then it overrides the browser and is kept in a cookie', async () => {
    const { pet } = await missingPet();
    const page = await renderScan(pet.id, { 'accept-language': 'es' }, { lang: 'fr' });
    expect(page?.lang).toBe('fr');
    expect(page?.body).toContain('Appeler le propriétaire');

    const finder = new Session(app.url);
    const chosen = await finder.raw('GET', '/found?lang=fr', { headers: { 'accept-language': 'es' } });
    expect(chosen.headers.get('set-cookie')).toMatch(/homeward\.lang=fr;.*HttpOnly/i);
    // The next page, with the cookie and without ?lang, stays French.
    const next = await finder.raw('GET', '/found', { headers: { 'accept-language': 'es' } });
    expect(await next.text()).toContain('<html lang="fr">');
    const cookie = await finder.cookieHeader();
    expect((await renderScan(pet.id, { 'accept-language': 'es', cookie }))?.lang).toBe('fr');
  });

  it("when the language asked for is unknown, then the page is English with the spec's words, never an error", async () => {
    const { pet } = await missingPet();
    const page = await renderScan(pet.id, { 'accept-language': 'xx-YY, tlh;q=0.9' }, { lang: 'klingon' });
    expect(page?.lang).toBe('en');
    expect(page?.title).toBe('Missing: Mochi · Homeward');
    expect(page?.body).toContain('Help Reunite Mochi with Their Family!');
    expect(page?.body).toContain('Call Owner');
    expect(page?.body).toContain('Share Location');

    const res = await new Session(app.url).raw('GET', '/found?lang=klingon', { headers: { 'accept-language': '*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Found a Pet?');
  });

  it('when the page is served, then caches are told it varies with the languages and the cookie', async () => {
    const res = await new Session(app.url).raw('GET', '/found', { headers: { 'accept-language': 'de' } });
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Haustier gefunden?');
  });

  it('when the month the contact details were confirmed is shown, then it is written as the language writes months', async () => {
    const { pet } = await missingPet();
    await app.database.db
      .update(pets)
      .set({ contactConfirmedAt: new Date('2026-11-05T12:00:00Z') })
      .where(eq(pets.id, pet.id));
    expect((await renderScan(pet.id, { 'accept-language': 'es' }))?.body).toContain('confirmados en noviembre de 2026');
    expect((await renderScan(pet.id, { 'accept-language': 'zh-CN' }))?.body).toContain('联系方式确认于2026年11月');
  });
});

/** Posts the Share Location form as a browser without scripts does, reading Spanish. */
const postSpanishForm = (petId: string, fields: Record<string, string>) =>
  new Session(app.url).raw('POST', `/scan/${petId}/share-location`, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, 'accept-language': 'es' },
  });

describe("the app's scan page, for a signed-in visitor, in the finder's language", () => {
  const fetchStrings = (headers: Record<string, string>) =>
    new Session(app.url).raw('GET', '/api/finder-strings', { headers });

  it("when the browser asks for German, then the page's words come in German, the not-found words with them", async () => {
    const res = await fetchStrings({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(res.status).toBe(200);
    const { lang, strings } = await res.json();
    expect(lang).toBe('de');
    expect(strings.scan.callOwner).toBe('Halter anrufen');
    expect(strings.shareLocation).toBeDefined();
    expect(strings.pages.petNotFound).toBeTruthy();
    // Only what the page renders: not the e-mails' words.
    expect(strings.email).toBeUndefined();
  });

  it('when the switch chose French, then its cookie wins over the browser; an unknown language is English', async () => {
    const visitor = new Session(app.url);
    await visitor.raw('GET', '/found?lang=fr');
    const french = await (
      await visitor.raw('GET', '/api/finder-strings', { headers: { 'accept-language': 'es' } })
    ).json();
    expect(french.lang).toBe('fr');
    expect(french.strings.scan.callOwner).toBe('Appeler le propriétaire');
    const english = await (await fetchStrings({ 'accept-language': 'tlh' })).json();
    expect(english).toMatchObject({ lang: 'en', strings: { scan: { callOwner: 'Call Owner' } } });
  });
});

describe('a report in Spanish without scripts', () => {
  it('when the form is posted, then the thank-you is Spanish and the report keeps the language', async () => {
    const { pet } = await missingPet();
    const posted = await postSpanishForm(pet.id, {
      finderLocation: 'Parque del río',
      finderContact: 'ana@example.org',
    });
    expect(posted.status).toBe(303);
    // The thank-you it redirects to is in the language the report was written in, whatever the browser says then.
    const res = await new Session(app.url).raw('GET', posted.headers.get('location') ?? '');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('¡Ubicación compartida!');
    expect(html).toContain('¡Gracias! Hemos avisado al dueño de tu ubicación.');
    const [report] = await app.database.db.select().from(finderReports).where(eq(finderReports.petId, pet.id));
    expect(report.locale).toBe('es');
  });

  it("when the form is refused, then the server's reason is Spanish and names the field as the form does", async () => {
    const { pet } = await missingPet();
    const bad = await postSpanishForm(pet.id, { finderLocation: 'Parque', finderContact: 'not reachable' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(
      'Tu teléfono o correo electrónico: Escribe un número de teléfono o una dirección de correo electrónico',
    );
    const empty = await postSpanishForm(pet.id, { finderLocation: '   ' });
    expect(await empty.text()).toContain('Dónde encontraste a la mascota: Obligatorio');
    const long = await postSpanishForm(pet.id, { finderLocation: 'x'.repeat(501) });
    expect(await long.text()).toContain('Debe tener como máximo 500 caracteres');
  });
});

describe('a report refused, in Spanish', () => {
  const report = (petId: string) => buildFinderReport(petId, { finderLocation: 'Parque', finderContact: '' });

  it('when the owner has had too many reports this hour, then the form says so in Spanish, the wait in Spanish words', async () => {
    const { owner, pet } = await missingPet();
    await app.database.db
      .insert(finderReports)
      .values(
        Array.from({ length: FINDER_REPORT_QUOTAS.perPet.limit }, () => ({ ...report(pet.id), userId: owner.user.id })),
      );
    const res = await postSpanishForm(pet.id, { finderLocation: 'Parque del río' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toMatch(
      /El dueño de esta mascota ya ha recibido muchos avisos\. Vuelve a intentarlo dentro de \d+ minutos o llama al dueño\./,
    );
    // The form is given back, filled in.
    expect(html).toContain('value="Parque del río"');
  });

  it('when one finder sends too many reports from the dialog, then the refusal the dialog shows is Spanish', async () => {
    const { pet } = await missingPet();
    const finder = new Session(app.url);
    const send = () => finder.request('POST', '/api/gps-pings', report(pet.id), { 'accept-language': 'es' });
    for (let i = 0; i < FINDER_REPORT_LIMIT.limit; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Demasiados avisos desde tu conexión. Espera un minuto y vuelve a intentarlo.');
  });
});

describe('what a finder receives later, in the language they reported in', () => {
  /** A finder reports from the dialog (the API) with their browser in `language`, leaving an e-mail address. */
  async function reportIn(language: string, finderEmail: string) {
    const { owner, pet } = await missingPet();
    const res = await new Session(app.url).request(
      'POST',
      '/api/gps-pings',
      buildFinderReport(pet.id, { finderContact: finderEmail }),
      { 'accept-language': language },
    );
    expect(res.status).toBe(201);
    const [report] = (await owner.get(`/api/pets/${pet.id}/reports`)).body;
    return { owner, pet, report, token: (res.body.conversationPath as string).replace('/c/', '') };
  }

  /** A finder's address of this run alone: the database may hold earlier runs' e-mails. */
  const addressOf = (name: string) => `${name}.${crypto.randomBytes(4).toString('hex')}@example.org`;

  const mailsTo = (recipient: string) =>
    app.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, recipient), isNull(notifications.userId)));

  it("when the owner replies, then the finder's e-mail is in Spanish, with the time as Spanish writes it", async () => {
    const ana = addressOf('ana');
    const { owner, report } = await reportIn('es', ana);
    expect((await owner.post(`/api/reports/${report.id}/replies`, { body: 'Voy para allá.' })).status).toBe(201);
    const [mail] = await mailsTo(ana);
    expect(mail.subject).toBe('El dueño respondió al aviso que enviaste en Homeward');
    expect(mail.body).toContain('El dueño de Mochi ha respondido al aviso que enviaste en Homeward.');
    expect(mail.body).toContain('Dónde encontraste a Mochi: Riverside park');
    expect(mail.body).toContain('Voy para allá.');
    // Spanish months are lower case and abbreviated: '5 dic 2026, 14:05 UTC'.
    expect(mail.body).toMatch(/Enviado: \d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2} UTC/);
    // The first e-mail to an address says who gave it and how to refuse more, in Spanish too.
    expect(mail.body).toContain('Alguien dio esta dirección como contacto al avisar en Homeward');
    expect(mail.body).toMatch(/Rechaza todos los correos de Homeward a esta dirección: http\S+\/mail\/stop\//);
  });

  it('when the owners thank the finders, then each is thanked in their own language', async () => {
    const jonas = addressOf('jonas');
    const { owner, pet } = await reportIn('de-DE', jonas);
    await app.database.db.update(pets).set({ isMissing: false, reunitedAt: new Date() }).where(eq(pets.id, pet.id));
    expect((await owner.post(`/api/pets/${pet.id}/thanks`)).body).toEqual({ thanked: 1 });
    const [mail] = await mailsTo(jonas);
    expect(mail.subject).toBe('Der Halter hat auf Ihre Meldung bei Homeward geantwortet');
    expect(mail.body).toContain('Mochi ist wieder sicher zu Hause. Danke für Ihre Hilfe!');
  });

  it('when the finder opens their conversation page, then it is in the language of their report unless they switch', async () => {
    const joao = addressOf('joao');
    const { token } = await reportIn('pt-BR', joao);
    const render = conversationPrerender(app.services).render;
    const page = await render(pageRequest({ token }, { 'accept-language': 'en' }));
    expect(page?.lang).toBe('pt');
    expect(page?.body).toContain('Sua conversa com o tutor de Mochi');
    expect(pageStrings(page?.body)).toMatchObject({ lang: 'pt' });
    const switched = await render(pageRequest({ token }, {}, { lang: 'en' }));
    expect(switched?.lang).toBe('en');
    expect(switched?.body).toContain('Your conversation with Mochi&#x27;s owner');
  });
});
