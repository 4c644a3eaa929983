import { describe, expect, it } from 'vitest';
import { signedInOwner } from '../../tests/support/factories';
import { startTestApp } from '../../tests/support/test-app';

describe('when the server restarts', () => {
  it('then the user, their data and their session are still there', async () => {
    const first = await startTestApp();
    const owner = await signedInOwner(first, { firstName: 'Robin' });
    const created = await owner.post('/api/pets', {
      name: 'Pepper',
      species: 'cat',
      ownerName: 'Robin',
      ownerPhone: '555-0123',
    });
    expect(created.status).toBe(201);
    await first.close();

    const second = await startTestApp();
    try {
      owner.baseUrl = second.url;
      const user = await owner.get('/api/auth/user');
      expect(user.status).toBe(200);
      expect(user.body.firstName).toBe('Robin');
      const pets = await owner.get('/api/pets');
      expect(pets.body.map((p: { name: string }) => p.name)).toContain('Pepper');
    } finally {
      await second.close();
    }
    // Two cold starts of the whole app, database included: slower than one request.
  }, 60_000);
});
