import { getTableColumns, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { subscriptionPlans, tagProducts } from '../../shared/schema';
import type { Db } from './connection';

const products: (typeof tagProducts.$inferInsert)[] = [
  {
    name: 'Classic Bone Tag',
    description: 'The timeless bone shape in brushed stainless steel, laser-engraved with your pet’s QR code.',
    price: 1999,
    imageUrl: '/images/tags/bone.svg',
    shape: 'Bone',
    material: 'Stainless steel',
    isPopular: true,
  },
  {
    name: 'Round Aluminum Tag',
    description: 'Light and bright anodised aluminium that won’t weigh down small dogs and cats.',
    price: 1499,
    imageUrl: '/images/tags/round.svg',
    shape: 'Round',
    material: 'Anodized aluminum',
  },
  {
    name: 'Heart Brass Tag',
    description: 'A solid brass heart with a deep engraving that stays readable for years.',
    price: 2499,
    imageUrl: '/images/tags/heart.svg',
    shape: 'Heart',
    material: 'Solid brass',
  },
  {
    name: 'Silent Slide-On Tag',
    description: 'A slide-on silicone tag that sits flat on the collar: no jingle, no snagging.',
    price: 1299,
    imageUrl: '/images/tags/slide.svg',
    shape: 'Rectangle',
    material: 'Silicone',
  },
];

// Finding a lost pet is free forever: profiles without limit, the scan page, finder location
// alerts, missing posters and reminders. Plans sell only extras on top of that.
const plans: (typeof subscriptionPlans.$inferInsert)[] = [
  {
    name: 'Plus',
    description: 'Text messages on top of everything that is free.',
    price: 299,
    features: [
      'SMS alert the moment a tag is scanned',
      'SMS alerts to your backup contacts',
      'Up to 10 backup contacts per pet (3 are free)',
    ],
  },
  {
    name: 'Premium',
    description: 'Text alerts, premium tag designs and your pet’s vet records kept safe.',
    price: 699,
    isPopular: true,
    features: [
      'Everything in Plus',
      'Premium tag designs in the store',
      'Stored vet records: vaccine certificates, lab results, prescriptions (1 GB)',
    ],
  },
  {
    name: 'Family',
    description: 'For busy households: texts to everyone and room for every record.',
    price: 1199,
    features: [
      'Everything in Premium',
      'SMS alerts to up to 5 phones',
      'Stored vet records (10 GB)',
      'Priority support',
    ],
  },
];

/** An upsert's SET that takes, for each of `keys`, the value of the row that was to be inserted. */
function incoming<TTable extends PgTable, TKey extends keyof TTable['_']['columns'] & string>(
  table: TTable,
  keys: TKey[],
) {
  const columns = getTableColumns(table);
  const set = keys.map((key) => [key, sql`excluded.${sql.identifier(columns[key].name)}`]);
  return Object.fromEntries(set) as Record<TKey, SQL>;
}

/** Keeps the catalogue equal to the lists above on every start; safe to run concurrently. */
export async function seedCatalogue(db: Db) {
  await db
    .insert(tagProducts)
    .values(products)
    .onConflictDoUpdate({
      target: tagProducts.name,
      set: incoming(tagProducts, ['description', 'price', 'imageUrl', 'shape', 'material', 'isPopular']),
    });
  await db
    .insert(subscriptionPlans)
    .values(plans)
    .onConflictDoUpdate({
      target: subscriptionPlans.name,
      set: incoming(subscriptionPlans, ['description', 'price', 'features', 'isPopular']),
    });
  // A plan taken off the list is no longer offered (no table refers to plans).
  await db.delete(subscriptionPlans).where(
    notInArray(
      subscriptionPlans.name,
      plans.map((plan) => plan.name),
    ),
  );
}
