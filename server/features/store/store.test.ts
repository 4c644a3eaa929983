import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../../shared/schema';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { seedCatalogue } from '../../db/seed';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('tag store catalogue', () => {
  it('when a visitor lists the tags, then each has what a product card shows and the best seller comes first', async () => {
    const res = await new Session(app.url).get('/api/tag-products');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
    expect(res.body[0]).toMatchObject({ name: 'Classic Bone Tag', price: 1999, isPopular: true });
    for (const product of res.body) {
      expect(Object.keys(product).sort()).toEqual(
        ['description', 'id', 'imageUrl', 'isPopular', 'material', 'name', 'price', 'shape'].sort(),
      );
      expect(Number.isInteger(product.price)).toBe(true);
    }
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('when one tag is asked for, then it is answered; an unknown or malformed id answers 404', async () => {
    const session = new Session(app.url);
    const [first] = (await session.get('/api/tag-products')).body;
    const one = await session.get(`/api/tag-products/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);

    const unknown = await session.get(`/api/tag-products/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Product not found', code: 'not_found' });
    expect((await session.get('/api/tag-products/not-an-id')).status).toBe(404);
  });

  it('when a visitor lists the plans, then they come cheapest first with their features and the popular one marked', async () => {
    const res = await new Session(app.url).get('/api/subscription-plans');
    expect(res.status).toBe(200);
    const prices = res.body.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.body.filter((p: { isPopular: boolean }) => p.isPopular)).toHaveLength(1);
    expect(res.body[0].features.length).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('when the plans are listed, then none sells what is free (profiles, location alerts, reminders, posters) and each sells an extra', async () => {
    const plans: { name: string; description: string; features: string[] }[] = (
      await new Session(app.url).get('/api/subscription-plans')
    ).body;
    expect(plans.map((plan) => plan.name)).toEqual(['Plus', 'Premium', 'Family']);
    const free = /unlimited|profile|location|finder|reminder|poster|lost pet|missing|qr code|scan page/i;
    const extra = /SMS|backup contacts|tag designs|vet records/;
    for (const plan of plans) {
      for (const text of [plan.description, ...plan.features]) expect(text, plan.name).not.toMatch(free);
      expect(
        plan.features.some((feature) => extra.test(feature)),
        plan.name,
      ).toBe(true);
    }
  });

  it('when a plan has been taken off the list, then the next start no longer offers it', async () => {
    const retired = `Retired ${crypto.randomUUID()}`;
    await app.database.db
      .insert(subscriptionPlans)
      .values({ name: retired, description: 'Old', price: 1, features: [] });

    await seedCatalogue(app.database.db);

    expect(await app.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, retired))).toEqual(
      [],
    );
    const names = (await new Session(app.url).get('/api/subscription-plans')).body.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Plus', 'Premium', 'Family']);
  });
});
