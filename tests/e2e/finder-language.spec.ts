import { and, eq } from 'drizzle-orm';
import { finderReports, notifications } from '../../shared/schema';
import { createPet, expect, scanPageHydrated, signInBrowser, test } from './fixtures';

// The finder's pages in the finder's language: picked from the browser's languages, or from the
// switch at the foot of the page.

test.describe("the finder's pages in the finder's language", () => {
  test('when a finder whose phone reads Spanish, with scripts off, scans a missing pet, then everything is in Spanish and the owner is alerted', async ({
    page,
    login,
    browser,
    database,
  }) => {
    const owner = await login();
    const pet = await createPet(page, { isMissing: true });
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
      locale: 'es-ES',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const finder = await context.newPage();

    await finder.goto(`/scan/${pet.id}`);
    await expect(finder.locator('html')).toHaveAttribute('lang', 'es');
    await expect(finder).toHaveTitle(`Mascota perdida: ${pet.name} · Homeward`);
    await expect(finder.getByText('MASCOTA PERDIDA')).toBeVisible();
    await expect(finder.getByRole('heading', { name: `¡Ayuda a ${pet.name} a volver con su familia!` })).toBeVisible();
    await expect(finder.getByRole('link', { name: 'Llamar al dueño' })).toHaveAttribute('href', 'tel:5550100123');
    await expect(finder.getByRole('heading', { name: 'Qué hacer' })).toBeVisible();
    await expect(finder.getByText('Call Owner')).toHaveCount(0);
    // Longer words than English still fit a small phone: nothing to scroll sideways.
    expect(await finder.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await finder.getByRole('link', { name: 'Compartir ubicación' }).click();
    await expect(finder).toHaveURL(new RegExp(`/scan/${pet.id}/share-location$`));
    await expect(finder.locator('html')).toHaveAttribute('lang', 'es');
    await expect(finder.getByRole('heading', { name: 'Compartir ubicación' })).toBeVisible();
    await finder.getByLabel('Tu nombre (opcional)').fill('Lucía');
    await finder.getByLabel(`¿Dónde encontraste a ${pet.name}?`).fill('Parque del Retiro, junto al estanque');
    await finder.getByLabel('Tu teléfono o correo electrónico (opcional)').fill('lucia@example.org');
    await finder.getByLabel('Mensaje adicional (opcional)').fill('Está conmigo, a salvo.');
    expect(await finder.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await finder.getByRole('button', { name: 'Compartir ubicación' }).click();

    await expect(finder.getByRole('heading', { name: '¡Ubicación compartida!' })).toBeVisible();
    await expect(finder.getByText('¡Gracias! Hemos avisado al dueño de tu ubicación.')).toBeVisible();
    const [report] = await database.select().from(finderReports).where(eq(finderReports.petId, pet.id));
    expect(report).toMatchObject({
      finderName: 'Lucía',
      finderLocation: 'Parque del Retiro, junto al estanque',
      locale: 'es',
    });
    // The owner's alert, in the owner's English, is in the outbox (beside the scan's own alert).
    const [alert] = await database
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipient, owner.email),
          eq(notifications.subject, `${pet.name}: a finder shared a location`),
        ),
      );
    expect(alert.body).toContain('Parque del Retiro, junto al estanque');

    // The conversation page is in the language of the report.
    await finder.getByRole('link', { name: 'Abrir tu conversación' }).click();
    await expect(finder.locator('html')).toHaveAttribute('lang', 'es');
    await expect(finder.getByText(`Tu conversación con el dueño de ${pet.name}`)).toBeVisible();
    await expect(finder.getByRole('heading', { name: 'Tu aviso' })).toBeVisible();
    await context.close();
  });

  test('when the finder picks another language on the switch, then the page and the Share Location dialog change to it', async ({
    finderScene,
    database,
  }) => {
    const { pet, scan } = await finderScene({ pet: { isMissing: true }, phone: { locale: 'en-US' } });

    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.locator('html')).toHaveAttribute('lang', 'en');
    await expect(scan.getByRole('heading', { name: `Help Reunite ${pet.name} with Their Family!` })).toBeVisible();
    const languages = scan.getByRole('navigation', { name: 'Language' });
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

    await languages.getByRole('link', { name: 'Español' }).click();
    await expect(scan).toHaveURL(/\?lang=es$/);
    await expect(scan.locator('html')).toHaveAttribute('lang', 'es');
    await expect(scan.getByRole('heading', { name: `¡Ayuda a ${pet.name} a volver con su familia!` })).toBeVisible();

    // Once the page's scripts have taken over, still in Spanish, the dialog opens in Spanish.
    await scanPageHydrated(scan);
    await expect(scan.getByRole('navigation', { name: 'Idioma' })).toBeVisible();
    await scan.getByRole('button', { name: 'Compartir ubicación' }).click();
    const dialog = scan.getByRole('dialog', { name: 'Compartir ubicación' });
    await expect(dialog.getByText(`Dile al dueño de ${pet.name} dónde estaba.`)).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Compartir ubicación' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(`¿Dónde encontraste a ${pet.name}?`).fill('Plaza Mayor');
    await submit.click();
    await expect(scan.getByText('¡Ubicación compartida!', { exact: true })).toBeVisible();
    await expect(scan.getByText('Tu aviso se ha enviado.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The switch's choice was kept with the report: the owner's replies will reach the finder in Spanish.
    const [report] = await database.select().from(finderReports).where(eq(finderReports.petId, pet.id));
    expect(report).toMatchObject({ finderLocation: 'Plaza Mayor', locale: 'es' });

    // And it stays for the next page, without ?lang.
    await scan.goto('/found');
    await expect(scan.locator('html')).toHaveAttribute('lang', 'es');
    await expect(scan.getByRole('heading', { name: '¿Encontraste una mascota?' })).toBeVisible();
  });

  test('when a Homeward user whose phone reads Spanish finds a pet, then the scan page inside the app is Spanish too, and the switch changes it', async ({
    finderScene,
    database,
  }) => {
    const { pet, scan } = await finderScene({ pet: { isMissing: true }, phone: { locale: 'es-ES' } });
    // Someone else with an account, signed in on their own Spanish phone: they get the app, not the server's page.
    await signInBrowser(database, scan.context());

    await scan.goto(`/scan/${pet.id}`);
    await expect(scan.getByRole('heading', { name: `¡Ayuda a ${pet.name} a volver con su familia!` })).toBeVisible();
    await expect(scan.getByText('MASCOTA PERDIDA')).toBeVisible();
    await expect(scan.getByRole('link', { name: 'Llamar al dueño' })).toHaveAttribute('href', 'tel:5550100123');
    await expect(scan.getByText('Call Owner')).toHaveCount(0);
    const month = new Date().toLocaleDateString('es', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(scan.getByText(`Datos de contacto confirmados en ${month}`)).toBeVisible();
    await expect(scan.locator('[lang="es"]').getByRole('heading', { name: 'Qué hacer' })).toBeVisible();
    await scan.getByRole('button', { name: 'Compartir ubicación' }).click();
    const dialog = scan.getByRole('dialog', { name: 'Compartir ubicación' });
    await expect(dialog.getByText(`Dile al dueño de ${pet.name} dónde estaba.`)).toBeVisible();
    // Escape is heard once the dialog holds the focus.
    await expect(dialog.getByLabel(`¿Dónde encontraste a ${pet.name}?`)).toBeFocused();
    await scan.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await scan.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'Français' }).click();
    await expect(scan.getByRole('link', { name: 'Appeler le propriétaire' })).toBeVisible();
    const mois = new Date().toLocaleDateString('fr', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(scan.getByText(`Coordonnées confirmées en ${mois}`)).toBeVisible();
    await expect(
      scan.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Français' }),
    ).toHaveAttribute('aria-current', 'true');
  });
});
