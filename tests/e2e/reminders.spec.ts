import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { petMembers, reminders, users } from '../../shared/schema';
import { insertOwner, insertPet } from '../support/factories';
import { createPet, expect, expectAccessibleInBothThemes, holdRoute, tabTo, test, toast } from './fixtures';

// Due dates are typed as mm/dd/yyyy and shown in the reader's format: pin the locale.
test.use({ locale: 'en-US' });

// The accessibility check flips the theme and measures at once: colour transitions would be caught
// half-way (the header links fail contrast mid-fade), so they are switched off in these tests.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    });
  });
});

interface ReminderFields {
  petId: string;
  type: string;
  title: string;
  dueDate: string;
  description?: string;
  isCompleted?: boolean;
}

async function createReminder(request: APIRequestContext, fields: ReminderFields) {
  const res = await request.post('/api/reminders', { data: fields });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string };
}

/** Biscuit, a new pet of the signed-in owner, with a pending rabies booster due on `dueDate`. */
async function biscuitWithRabiesBooster(page: Page, dueDate: string) {
  const pet = await createPet(page, { name: 'Biscuit' });
  await createReminder(page.request, { petId: pet.id, type: 'vaccine', title: 'Rabies booster', dueDate });
}

/** The value shown beside a counter's label. */
const counter = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** How this browser writes a calendar day, as the page does. */
const localDate = (page: Page, isoDay: string) =>
  page.evaluate((day) => new Date(`${day}T00:00:00`).toLocaleDateString(), isoDay);

/** A day relative to today in the browser's calendar, as yyyy-mm-dd. */
const dayFromToday = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Opens the focused select with Enter, goes down its options from the first to the last of
 * `passing` (each must take the focus in turn) and picks that one.
 */
async function pickWithKeyboard(page: Page, select: Locator, passing: [string, ...string[]]) {
  await page.keyboard.press('Enter');
  for (const [index, name] of passing.entries()) {
    if (index > 0) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(select).toHaveText(passing[passing.length - 1]);
  // Focus returns to the trigger once the list has closed; a Tab before that lands elsewhere.
  await expect(select).toBeFocused();
}

test('when the reminders are still loading, then the counters show placeholders, not 0', async ({ page, login }) => {
  await login();
  await biscuitWithRabiesBooster(page, '2031-05-01');
  const release = await holdRoute(page, '**/api/reminders');
  await page.goto('/reminders');

  for (const label of ['Upcoming', 'Completed']) {
    await expect(counter(page, label).getByTestId('counter-skeleton')).toBeVisible();
    await expect(counter(page, label)).toHaveText('Loading…');
  }
  release();
  await expect(counter(page, 'Upcoming')).toHaveText('1');
  await expect(counter(page, 'Completed')).toHaveText('0');
  await expect(page.getByTestId('counter-skeleton')).toHaveCount(0);
});

test('when Add Reminder is double-clicked, then the dialog sends once and one reminder is added', async ({
  page,
  login,
}) => {
  await login();
  await createPet(page, { name: 'Biscuit' });
  await page.goto('/reminders');
  await page.getByRole('button', { name: 'Add Reminder' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await chooseOption(page, 'Pet', 'Biscuit');
  await chooseOption(page, 'Type', 'Grooming');
  await dialog.getByLabel('Title').fill('Nail trim');
  await dialog.getByLabel('Due Date').fill('2030-03-15');
  const sent: string[] = [];
  const release = await holdRoute(page, '**/api/reminders', (route) => {
    if (route.request().method() === 'POST') sent.push(route.request().headers()['idempotency-key']);
    return route.continue();
  });
  await dialog.getByRole('button', { name: 'Add Reminder' }).dblclick();
  await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeVisible();
  release();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Nail trim')).toHaveCount(1);
  await expect(counter(page, 'Upcoming')).toHaveText('1');
  expect(sent).toHaveLength(1);
  const stored = (await (await page.request.get('/api/reminders')).json()) as { title: string }[];
  expect(stored.map((reminder) => reminder.title)).toEqual(['Nail trim']);
});

test('when an owner adds a vaccine reminder, then it is counted and can be ticked and unticked', async ({
  page,
  login,
}) => {
  await login();
  await createPet(page, { name: 'Biscuit' });
  await page.goto('/reminders');

  await expect(page.getByRole('heading', { name: 'Reminders', level: 1 })).toBeVisible();
  await expect(page.getByText('Track vaccines, medications, and appointments')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Reminders Yet' })).toBeVisible();
  await expect(page.getByText('Add your first reminder to track important pet care tasks')).toBeVisible();
  await expect(counter(page, 'Upcoming')).toHaveText('0');
  await expect(counter(page, 'Completed')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Add Reminder' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('placeholder', 'e.g., Annual rabies vaccine');
  await chooseOption(page, 'Pet', 'Biscuit');
  await chooseOption(page, 'Type', 'Vaccine');
  await dialog.getByLabel('Title').fill('Annual rabies vaccine');
  await dialog.getByLabel('Due Date').fill('2030-03-15');
  await dialog.getByLabel('Description').fill('Bring the vaccination booklet');
  await expectAccessibleInBothThemes(page);
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();

  await expect(page.getByText('Reminder Added!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your reminder has been created successfully.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const reminder = card(page, 'Annual rabies vaccine');
  await expect(reminder).toContainText('vaccine');
  await expect(reminder).toContainText('Biscuit');
  await expect(reminder).toContainText(`Due ${await localDate(page, '2030-03-15')}`);
  await expect(reminder).toContainText('Bring the vaccination booklet');
  await expect(counter(page, 'Upcoming')).toHaveText('1');
  await expect(counter(page, 'Completed')).toHaveText('0');

  const checkbox = reminder.getByRole('checkbox', { name: 'Mark Annual rabies vaccine as completed' });
  await checkbox.click();
  await expect(checkbox).toBeChecked();
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(reminder).toContainText(`Completed ${today}`);
  await expect(reminder.getByRole('heading')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(counter(page, 'Upcoming')).toHaveText('0');
  await expect(counter(page, 'Completed')).toHaveText('1');
  await expectAccessibleInBothThemes(page);

  await checkbox.click();
  await expect(checkbox).not.toBeChecked();
  await expect(reminder).not.toContainText('Completed');
  await expect(reminder.getByRole('heading')).toHaveCSS('text-decoration-line', 'none');
  await expect(counter(page, 'Upcoming')).toHaveText('1');
  await expect(counter(page, 'Completed')).toHaveText('0');

  // The dashboard counts the same pending reminder.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('group', { name: 'Reminders' })).toContainText('1');
});

test('when filters are chosen, then only matching reminders show and overdue ones stand out', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { name: 'Mochi' });
  await createReminder(page.request, { petId: pet.id, type: 'vaccine', title: 'Rabies shot', dueDate: '2030-01-10' });
  await createReminder(page.request, {
    petId: pet.id,
    type: 'medication',
    title: 'Heartworm pill',
    dueDate: dayFromToday(-3),
  });
  await createReminder(page.request, { petId: pet.id, type: 'grooming', title: 'Nail trim', dueDate: '2030-02-01' });
  await createReminder(page.request, {
    petId: pet.id,
    type: 'vet-visit',
    title: 'Dental checkup',
    dueDate: '2029-05-05',
    isCompleted: true,
  });
  await page.goto('/reminders');

  const titles = page.getByRole('listitem').getByRole('heading');
  await expect(titles).toHaveText(['Heartworm pill', 'Dental checkup', 'Rabies shot', 'Nail trim']);
  await expect(counter(page, 'Upcoming')).toHaveText('3');
  await expect(counter(page, 'Completed')).toHaveText('1');
  await expect(card(page, 'Heartworm pill').getByText('Overdue')).toBeVisible();
  await expect(card(page, 'Rabies shot').getByText('Overdue')).toHaveCount(0);
  await expect(card(page, 'Dental checkup')).toContainText('vet visit');
  await expectAccessibleInBothThemes(page);

  const expectations: [string, string[]][] = [
    ['Pending', ['Heartworm pill', 'Rabies shot', 'Nail trim']],
    ['Completed', ['Dental checkup']],
    ['Vaccines', ['Rabies shot']],
    ['Medications', ['Heartworm pill']],
    ['Grooming', ['Nail trim']],
    ['Vet Visits', ['Dental checkup']],
    ['All', ['Heartworm pill', 'Dental checkup', 'Rabies shot', 'Nail trim']],
  ];
  for (const [filter, expected] of expectations) {
    const button = page.getByRole('group', { name: 'Filter reminders' }).getByRole('button', { name: filter });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(titles).toHaveText(expected);
  }
  // Counters count every reminder, whatever the filter.
  await expect(counter(page, 'Upcoming')).toHaveText('3');
});

test('when opened from a pet profile, then only that pet shows and the dialog has it chosen', async ({
  page,
  login,
}) => {
  await login();
  const rex = await createPet(page, { name: 'Rex' });
  const luna = await createPet(page, { name: 'Luna' });
  await createReminder(page.request, { petId: rex.id, type: 'grooming', title: 'Rex bath', dueDate: '2030-04-01' });
  await createReminder(page.request, { petId: luna.id, type: 'vaccine', title: 'Luna shot', dueDate: '2030-04-02' });

  await page.goto(`/pet/${rex.id}`);
  await page.getByRole('link', { name: 'Manage Reminders' }).click();
  await expect(page).toHaveURL(`/reminders?pet=${rex.id}`);
  await expect(page.getByText('Showing reminders for Rex')).toBeVisible();
  await expect(card(page, 'Rex bath')).toBeVisible();
  await expect(card(page, 'Luna shot')).toHaveCount(0);
  await expect(counter(page, 'Upcoming')).toHaveText('1');

  await page.getByRole('button', { name: 'Add Reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await expect(dialog.getByLabel('Pet')).toHaveText('Rex');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Show all pets' }).click();
  await expect(page).toHaveURL(/\/reminders$/);
  await expect(card(page, 'Luna shot')).toBeVisible();
  await expect(card(page, 'Rex bath')).toBeVisible();
  await expect(counter(page, 'Upcoming')).toHaveText('2');

  // A link to a pet that is not theirs (or no longer is) filters nothing, and says so.
  await page.goto(`/reminders?pet=${crypto.randomUUID()}`);
  await expect(page.getByRole('status').filter({ hasText: 'That pet was not found' })).toBeVisible();
  await expect(card(page, 'Luna shot')).toBeVisible();
  await expect(card(page, 'Rex bath')).toBeVisible();
  await expect(page.getByText('Showing reminders for')).toHaveCount(0);
});

test('when the dialog is used with the keyboard alone, then it validates, adds, resets and gives the focus back', async ({
  page,
  login,
}) => {
  await login();
  await createPet(page, { name: 'Pepper' });
  await page.goto('/reminders');
  await expect(page.getByRole('heading', { name: 'No Reminders Yet' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Add Reminder' }).first());
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await expect(dialog).toBeVisible();

  // Submitting the empty form shows the schema's messages beside the fields.
  await tabTo(page, dialog.getByRole('button', { name: 'Add Reminder' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please select a pet')).toBeVisible();
  await expect(dialog.getByText('Please select a type')).toBeVisible();
  await expect(dialog.getByText('Required')).toHaveCount(2);
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first field to fix.
  await expect(dialog.getByLabel('Pet')).toBeFocused();

  await pickWithKeyboard(page, dialog.getByLabel('Pet'), ['Pepper']);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Type')).toBeFocused();
  await pickWithKeyboard(page, dialog.getByLabel('Type'), ['Vaccine', 'Medication']);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Flea tablet');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Due Date')).toBeFocused();
  await page.keyboard.type('07042030');
  await expect(dialog.getByLabel('Due Date')).toHaveValue('2030-07-04');
  await tabTo(page, dialog.getByLabel('Description'));
  await page.keyboard.type('Half a tablet with food');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Reminder Added!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Flea tablet')).toContainText('medication');

  // Opened again, the form starts empty; Escape closes it.
  await tabTo(page, page.getByRole('button', { name: 'Add Reminder' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await expect(dialog.getByLabel('Due Date')).toHaveValue('');
  await expect(dialog.getByLabel('Pet')).toHaveText('Select a pet');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The focus is back on the button that opened it, not lost to the page.
  await expect(page.getByRole('button', { name: 'Add Reminder' })).toBeFocused();
});

test('when a reminder is deleted, then it asks first and the reminder is gone', async ({ page, login }) => {
  await login();
  const pet = await createPet(page, { name: 'Ziggy' });
  await createReminder(page.request, { petId: pet.id, type: 'grooming', title: 'Brush teeth', dueDate: '2030-01-01' });
  await createReminder(page.request, { petId: pet.id, type: 'vaccine', title: 'Booster', dueDate: '2030-01-02' });
  await page.goto('/reminders');

  await card(page, 'Brush teeth').getByRole('button', { name: 'Delete Brush teeth' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this reminder?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Brush teeth')).toBeVisible();

  await card(page, 'Brush teeth').getByRole('button', { name: 'Delete Brush teeth' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Brush teeth')).toHaveCount(0);
  await expect(card(page, 'Booster')).toBeVisible();
  await page.reload();
  await expect(card(page, 'Booster')).toBeVisible();
  await expect(card(page, 'Brush teeth')).toHaveCount(0);
});

test('when a reminder is edited through its dialog, then the list shows its new title and due date', async ({
  page,
  login,
}) => {
  await login();
  const pet = await createPet(page, { name: 'Biscuit' });
  await createReminder(page.request, {
    petId: pet.id,
    type: 'vaccine',
    title: 'Rabies boster',
    dueDate: '2030-03-15',
    description: 'Bring the booklet',
  });
  await createReminder(page.request, { petId: pet.id, type: 'grooming', title: 'Nail trim', dueDate: '2030-06-01' });
  await page.goto('/reminders');
  const titles = page.getByRole('listitem').getByRole('heading');
  await expect(titles).toHaveText(['Rabies boster', 'Nail trim']);

  await card(page, 'Rabies boster').getByRole('button', { name: 'Edit Rabies boster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Reminder' });
  await expect(dialog).toBeVisible();
  // The Add form, filled in with the reminder.
  await expect(dialog.getByLabel('Pet')).toHaveText('Biscuit');
  await expect(dialog.getByLabel('Type')).toHaveText('Vaccine');
  await expect(dialog.getByLabel('Title')).toHaveValue('Rabies boster');
  await expect(dialog.getByLabel('Title')).toHaveAttribute('placeholder', 'e.g., Annual rabies vaccine');
  await expect(dialog.getByLabel('Due Date')).toHaveValue('2030-03-15');
  await expect(dialog.getByLabel('Description')).toHaveValue('Bring the booklet');

  // The shared schema's messages, and nothing sent while they show.
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') sent.push(request.postDataJSON());
  });
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  expect(sent).toEqual([]);

  await dialog.getByLabel('Title').fill('Rabies booster');
  await dialog.getByLabel('Due Date').fill('2030-09-01');
  const release = await holdRoute(page, '**/api/reminders/*');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true');
  release();

  await expect(toast(page).getByText('Reminder Updated!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Renamed, moved to its new day, and so now after the nail trim.
  await expect(titles).toHaveText(['Nail trim', 'Rabies booster']);
  const edited = card(page, 'Rabies booster');
  await expect(edited).toContainText(`Due ${await localDate(page, '2030-09-01')}`);
  await expect(edited).toContainText('Bring the booklet');
  await expect(edited.getByRole('button', { name: 'Edit Rabies booster' })).toBeFocused();
  expect(sent).toEqual([
    {
      petId: pet.id,
      type: 'vaccine',
      title: 'Rabies booster',
      dueDate: '2030-09-01',
      description: 'Bring the booklet',
    },
  ]);

  await page.reload();
  await expect(titles).toHaveText(['Nail trim', 'Rabies booster']);
  await expect(card(page, 'Rabies booster')).toContainText(`Due ${await localDate(page, '2030-09-01')}`);
});

test("when a member of a pet's Safety Circle edits its creator's reminder, then the Pet list offers only the pets they both look after", async ({
  page,
  login,
  database,
}) => {
  const member = await login();
  const [memberRow] = await database.select().from(users).where(eq(users.email, member.email));
  const creator = await insertOwner(database);
  const shared = await insertPet(database, creator.id, { name: 'Biscuit' });
  await database.insert(petMembers).values({ petId: shared.id, userId: memberRow.id });
  await createPet(page, { name: 'Pepper' });
  await database
    .insert(reminders)
    .values({ userId: creator.id, petId: shared.id, type: 'vaccine', title: 'Rabies booster', dueDate: '2030-03-15' });
  await page.goto('/reminders');

  await card(page, 'Rabies booster').getByRole('button', { name: 'Edit Rabies booster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Reminder' });
  await expect(dialog.getByLabel('Pet')).toHaveText('Biscuit');
  await dialog.getByLabel('Pet').click();
  // Pepper is the member's alone: moved there, the reminder would leave its creator's list and feed.
  await expect(page.getByRole('option')).toHaveText(['Biscuit']);
});

test('when a completed reminder is edited with the keyboard on a 360 px screen, then it stays completed', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await login();
  const pet = await createPet(page, { name: 'Pepper' });
  await createReminder(page.request, {
    petId: pet.id,
    type: 'vet-visit',
    title: 'Annual checkup with Dr. Alvarez at the clinic',
    dueDate: '2029-05-05',
    isCompleted: true,
  });
  await page.goto('/reminders');
  const reminder = card(page, 'Annual checkup with Dr. Alvarez at the clinic');
  const completedText = await reminder.getByText(/^Completed /).textContent();
  const edit = reminder.getByRole('button', { name: 'Edit Annual checkup with Dr. Alvarez at the clinic' });
  await expect(edit).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Reminder' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessibleInBothThemes(page);

  // Escape closes it unchanged, and the focus is back on Edit.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Due Date')).toHaveValue('2029-05-05');
  const type = dialog.getByLabel('Type');
  await tabTo(page, type);
  // The list opens on the reminder's own type; the one above it is Grooming.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Vet Visit' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { name: 'Grooming' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(type).toHaveText('Grooming');
  await tabTo(page, dialog.getByRole('button', { name: 'Save Changes' }));
  await page.keyboard.press('Enter');

  await expect(page.getByText('Reminder Updated!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reminder).toContainText('grooming');
  await expect(reminder.getByRole('checkbox')).toBeChecked();
  await expect(reminder.getByText(/^Completed /)).toHaveText(completedText ?? '');
  await expect(counter(page, 'Completed')).toHaveText('1');
  await expect(edit).toBeFocused();
});

test('when the owner subscribes, then the private calendar link serves the pending reminders', async ({
  page,
  context,
  playwright,
  login,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login();
  await biscuitWithRabiesBooster(page, '2030-03-15');
  await page.goto('/reminders');

  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const link = page.getByLabel('Calendar link', { exact: true });
  await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByText(/This link is private/)).toBeVisible();
  await expectAccessibleInBothThemes(page);
  const url = await link.inputValue();

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Link Copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A calendar app has no session: the link alone must do.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain('SUMMARY:Rabies booster — Biscuit');
  expect(text).toContain('DTSTART;VALUE=DATE:20300315');

  await page.getByRole('button', { name: 'Reset link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset link' }).click();
  await expect(link).not.toHaveValue(url);
  const newUrl = await link.inputValue();
  expect((await calendarApp.get(url)).status()).toBe(404);
  expect((await calendarApp.get(newUrl)).status()).toBe(200);

  // Only the link's hash is kept: after a reload the page says a link is on, and no longer shows it.
  await page.reload();
  await expect(page.getByText(/Your calendar link is on\. For your privacy it is shown only once/)).toBeVisible();
  await expect(link).toHaveCount(0);
  expect((await calendarApp.get(newUrl)).status()).toBe(200);

  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await calendarApp.get(newUrl)).status()).toBe(404);
  await calendarApp.dispose();
});
