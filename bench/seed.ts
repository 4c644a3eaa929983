import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/connection';
import { encodePhoto } from '../server/features/pets/photo-encoder';

export const OWNER_EMAIL = 'bench-owner@homeward.test';
export const GROWTH_SIZES = [10, 100, 1000] as const;
export const growthEmail = (rows: number) => `bench-growth-${rows}@homeward.test`;

// Stored as an upload is: re-encoded, in both widths the pages ask for.
const encoded = await encodePhoto(fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/pet-photo.jpg')));
if (!encoded) throw new Error('bench/fixtures/pet-photo.jpg does not decode');
const PHOTO = encoded;
const PHOTO_HASH = crypto.createHash('sha256').update(PHOTO.full).digest('hex').slice(0, 16);

export interface BenchData {
  ownerPetId: string;
  missingPetId: string;
}

async function upsertUser(db: Db, email: string, firstName: string) {
  // Signing in links the seeded account to the development provider's subject, which that provider
  // draws anew each time it starts: unlinked again (and the accounts a previous run's sign-in may
  // have made removed), the account is linked by its e-mail address at this run's sign-in.
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from users where email = ${email} order by created_at limit 1`,
  );
  if (rows[0]) {
    await db.execute(sql`delete from users where email = ${email} and id <> ${rows[0].id}`);
    await db.execute(sql`update users set oidc_issuer = null, oidc_subject = null where id = ${rows[0].id}`);
    return rows[0].id;
  }
  const { rows: inserted } = await db.execute<{ id: string }>(sql`
    insert into users (email, first_name, last_name) values (${email}, ${firstName}, 'Bench') returning id`);
  return inserted[0].id;
}

/** Pets (with an optional photo each) and reminders for one owner, in set-based statements. */
async function fillOwner(db: Db, userId: string, pets: number, reminders: number, withPhotos: boolean) {
  await db.execute(sql`delete from pets where user_id = ${userId}`);
  await db.execute(sql`
    insert into pets (user_id, name, species, breed, age, weight, color, owner_name, owner_phone, owner_email,
                      medical_notes, special_needs, is_missing, photo_hash)
    select ${userId}, 'Pet ' || n, 'dog', 'Labrador Retriever', '3 years', '50 lbs', 'Yellow', 'Bench Owner',
           '555-0100', 'owner@example.com', 'Needs daily thyroid medication', 'Friendly but shy',
           n % 5 = 0, ${withPhotos ? PHOTO_HASH : null}
    from generate_series(1, ${pets}) n`);
  if (withPhotos) {
    await db.execute(sql`
      insert into pet_photos (pet_id, content_type, hash, data, medium, thumbnail)
      select id, 'image/jpeg', ${PHOTO_HASH}, ${PHOTO.full}, ${PHOTO.medium}, ${PHOTO.thumbnail} from pets where user_id = ${userId}`);
  }
  await db.execute(sql`
    insert into reminders (user_id, pet_id, type, title, description, due_date, is_completed)
    select ${userId}, p.id, (array['vaccine','medication','grooming','vet-visit'])[1 + n % 4], 'Reminder ' || n,
           'Bring the vaccination card', to_char(date '2026-01-01' + n, 'YYYY-MM-DD'), n % 3 = 0
    from generate_series(1, ${reminders}) n
    join lateral (select id from pets where user_id = ${userId} offset (n % ${pets}) limit 1) p on true`);
}

/**
 * The data the figures are measured on: an owner with 50 photographed pets, 200 reminders and
 * 20 orders; 10,000 pets spread over 500 other owners; and owners with 10, 100 and 1,000 rows.
 */
export async function seedBenchData(db: Db): Promise<BenchData> {
  const ownerId = await upsertUser(db, OWNER_EMAIL, 'Bench');
  await fillOwner(db, ownerId, 50, 200, true);
  await db.execute(sql`
    insert into orders (user_id, pet_id, product_id, tag_color, custom_text, quantity, total_price, shipping_name,
                        shipping_address, shipping_city, shipping_state, shipping_zip, shipping_phone,
                        payment_intent_id, status)
    select ${ownerId}, (select id from pets where user_id = ${ownerId} limit 1), (select id from tag_products limit 1),
           'silver', 'Call me', 1, 1999, 'Bench Owner', '1 Main St', 'Springfield', 'IL', '62701', '555-0100',
           'pi_bench_' || n, 'pending'
    from generate_series(1, 20) n
    on conflict do nothing`);

  const { rows: others } = await db.execute<{ count: string }>(
    sql`select count(*) from users where email like 'bench-other-%'`,
  );
  if (Number(others[0].count) < 500) {
    await db.execute(sql`
      insert into users (email, first_name) select 'bench-other-' || n || '@homeward.test', 'Other'
      from generate_series(1, 500) n`);
    await db.execute(sql`
      insert into pets (user_id, name, species, owner_name, owner_phone)
      select u.id, 'Other pet ' || n, 'cat', 'Other Owner', '555-0101'
      from users u cross join generate_series(1, 20) n where u.email like 'bench-other-%'`);
    // Other owners' reminders, orders, reports and e-mails, so each per-owner query meets a
    // table where reading everything would be the wrong plan.
    await db.execute(sql`
      insert into reminders (user_id, pet_id, type, title, due_date)
      select p.user_id, p.id, 'vaccine', 'Rabies booster', '2026-12-01'
      from pets p join users u on u.id = p.user_id where u.email like 'bench-other-%'`);
    await db.execute(sql`
      insert into gps_pings (user_id, pet_id, finder_name, finder_location)
      select p.user_id, p.id, 'A neighbour', 'Corner of Oak and 5th'
      from pets p join users u on u.id = p.user_id where u.email like 'bench-other-%'`);
    await db.execute(sql`
      insert into notifications (user_id, recipient, subject, body)
      select p.user_id, 'other@example.com', 'Someone found your pet', 'A finder shared a location.'
      from pets p join users u on u.id = p.user_id where u.email like 'bench-other-%'`);
    await db.execute(sql`
      insert into orders (user_id, pet_id, product_id, total_price, shipping_name, shipping_address, shipping_city,
                          shipping_state, shipping_zip, shipping_phone, payment_intent_id)
      select p.user_id, p.id, (select id from tag_products limit 1), 1999, 'Other Owner', '2 Elm St', 'Springfield',
             'IL', '62701', '555-0101', 'pi_bench_other_' || p.id
      from pets p join users u on u.id = p.user_id where u.email like 'bench-other-%'`);
  }
  for (const rows of GROWTH_SIZES) {
    await fillOwner(db, await upsertUser(db, growthEmail(rows), 'Growth'), rows, rows, false);
  }
  await db.execute(sql`analyze`);

  const { rows: pets } = await db.execute<{ id: string; is_missing: boolean }>(
    sql`select id, is_missing from pets where user_id = ${ownerId} order by name`,
  );
  return {
    ownerPetId: pets[0].id,
    missingPetId: (pets.find((p) => p.is_missing) ?? pets[0]).id,
  };
}
