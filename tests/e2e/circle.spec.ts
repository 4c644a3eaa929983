import { eq } from 'drizzle-orm';
import { notifications } from '../../shared/schema';
import { buildPerson } from '../support/session';
import { createPet, expect, expectAccessibleInBothThemes, strangerOnPhone, test, toast } from './fixtures';

test('an owner shares a pet: the invited person signs in from the e-mail link, accepts, and co-owns the pet', async ({
  page,
  browser,
  login,
  database,
}) => {
  // Two people, an e-mail, a real sign-in, a removal and a visit afterwards: one journey, told in
  // order, that outgrows the default minute on a busy machine.
  test.slow();
  const owner = await login();
  const pet = await createPet(page);
  const invitee = buildPerson({ firstName: 'Casey' });

  await page.goto(`/pet/${pet.id}`);
  await page.getByRole('button', { name: 'Share Pet' }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${pet.name}` });
  await dialog.getByLabel('Email address').fill('not an address');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  // The server's refusal is said beside the field too, in its words alone.
  await dialog.getByLabel('Email address').fill(owner.email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('You already own this pet.', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Email address')).toBeFocused();
  await expect(page.getByText(/409/)).toHaveCount(0);
  await dialog.getByLabel('Email address').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page).getByText('Invitation Sent')).toBeVisible();
  const circle = page.getByRole('region', { name: 'Safety Circle' });
  await expect(circle.getByText(invitee.email)).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // An invitation sent to the wrong address is withdrawn: its row goes, and so does its link. The
  // address is this run's own: Homeward e-mails an address that never opened its mail only once.
  const wrong = `wrong.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await page.getByRole('button', { name: 'Share Pet' }).click();
  await dialog.getByLabel('Email address').fill(wrong);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(circle.getByText(wrong)).toBeVisible();
  await circle.getByRole('button', { name: `Cancel the invitation to ${wrong}` }).click();
  await expect(toast(page).getByText('Invitation Cancelled')).toBeVisible();
  await expect(circle.getByText(wrong)).toHaveCount(0);
  // The row and its button are gone: the focus stays in the card, not at the top of the page.
  await expect(circle.getByRole('heading', { name: 'Safety Circle' })).toBeFocused();
  await expect(circle.getByText(invitee.email)).toBeVisible();
  const [wrongMail] = await database.select().from(notifications).where(eq(notifications.recipient, wrong));
  const wrongLink = new URL(wrongMail.body.match(/https?:\/\/\S+\/invite\/\S+/)?.[0] as string);
  const cancelled = await page.request.get(`/api/invitations/${wrongLink.pathname.split('/').pop()}`);
  expect(cancelled.status()).toBe(404);

  // The link exists only in the e-mail: read it from the outbox, as the invited person reads their mail.
  const [mail] = await database.select().from(notifications).where(eq(notifications.recipient, invitee.email));
  const link = new URL(mail.body.match(/https?:\/\/\S+\/invite\/\S+/)?.[0] as string);
  // Opened by an account that cannot accept it, the page says so instead of offering to.
  await page.goto(link.pathname);
  await expect(page.getByText(`You already own ${pet.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Invitation' })).toHaveCount(0);
  await page.goBack();

  // The invited person on a small phone, in a browser of their own.
  const second = await strangerOnPhone(browser, { viewport: { width: 360, height: 740 } });
  const other = second.page;
  await other.goto(link.pathname);
  await expect(other.getByRole('heading', { name: `Co-own ${pet.name}` })).toBeVisible();
  await expectAccessibleInBothThemes(other);
  await other.getByRole('button', { name: 'Log In to Accept' }).click();
  await other.getByLabel('Email').fill(invitee.email);
  await other.getByLabel('First name').fill(invitee.firstName);
  await other.getByLabel('Last name').fill(invitee.lastName);
  await other.getByRole('button', { name: 'Sign in' }).click();
  // Back on the invitation after signing in.
  await expect(other).toHaveURL(link.pathname);
  await other.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(other).toHaveURL(`/pet/${pet.id}`);
  await expect(other.getByRole('heading', { name: pet.name, level: 1 })).toBeVisible();
  // A co-owner edits but neither shares nor deletes; they may leave.
  await expect(other.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Share Pet' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const theirCircle = other.getByRole('region', { name: 'Safety Circle' });
  await expect(theirCircle.getByText(`${invitee.firstName} ${invitee.lastName} (you)`)).toBeVisible();
  await expect(theirCircle.getByRole('button', { name: 'Leave' })).toBeVisible();
  const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(0);

  await other.goto('/');
  await expect(other.getByRole('link', { name: new RegExp(pet.name) }).first()).toBeVisible();

  // The creator sees the new co-owner and may remove them.
  await page.reload();
  await expect(circle.getByText(`${invitee.firstName} ${invitee.lastName}`)).toBeVisible();
  // Removing asks first; Cancel keeps them.
  await circle.getByRole('button', { name: `Remove ${invitee.firstName} ${invitee.lastName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${invitee.firstName} ${invitee.lastName}?` });
  await expect(confirm).toContainText(`will no longer see ${pet.name}`);
  await expect(confirm).toContainText('Homeward tells them by e-mail.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(circle.getByText(`${invitee.firstName} ${invitee.lastName}`)).toBeVisible();
  await circle.getByRole('button', { name: `Remove ${invitee.firstName} ${invitee.lastName}` }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page).getByText('Co-owner Removed')).toBeVisible();
  await expect(circle.getByRole('heading', { name: 'Safety Circle' })).toBeFocused();
  await expect(circle.getByText(`${invitee.firstName} ${invitee.lastName}`)).toHaveCount(0);

  // The removed co-owner's old link says their access ended, not that the pet does not exist.
  await other.goto(`/pet/${pet.id}`);
  await expect(other.getByRole('heading', { name: 'No Longer Shared With You', level: 1 })).toBeVisible();
  await expect(other.getByText('You no longer have access to this pet.', { exact: false })).toBeVisible();
  await expect(other.getByText(pet.name)).toHaveCount(0);
  await other.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(other).toHaveURL('/');
  await second.close();
});
