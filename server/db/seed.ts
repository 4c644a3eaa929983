import { sql } from 'drizzle-orm';
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

const plans: (typeof subscriptionPlans.$inferInsert)[] = [
  {
    name: 'Basic',
    description: 'Everything you need to keep one household’s pets safe.',
    price: 299,
    features: ['Unlimited pet profiles', 'Finder location alerts by e-mail', 'Care reminders'],
  },
  {
    name: 'Premium',
    description: 'Faster reunions with alerts the moment a tag is scanned.',
    price: 699,
    isPopular: true,
    features: ['Everything in Basic', 'Instant SMS alerts', 'Lost pet alerts to nearby members', 'Priority support'],
  },
  {
    name: 'Family',
    description: 'For multi-pet homes and the people who share them.',
    price: 1199,
    features: ['Everything in Premium', 'Up to 5 family members', 'Shared care calendar', 'Vet record sharing'],
  },
];

/** Keeps the catalogue equal to the list above on every start; safe to run concurrently. */
export async function seedCatalogue(db: Db) {
  await db
    .insert(tagProducts)
    .values(products)
    .onConflictDoUpdate({
      target: tagProducts.name,
      set: {
        description: sql`excluded.description`,
        price: sql`excluded.price`,
        imageUrl: sql`excluded.image_url`,
        shape: sql`excluded.shape`,
        material: sql`excluded.material`,
        isPopular: sql`excluded.is_popular`,
      },
    });
  await db
    .insert(subscriptionPlans)
    .values(plans)
    .onConflictDoUpdate({
      target: subscriptionPlans.name,
      set: {
        description: sql`excluded.description`,
        price: sql`excluded.price`,
        features: sql`excluded.features`,
        isPopular: sql`excluded.is_popular`,
      },
    });
}
