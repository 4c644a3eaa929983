import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import { WATCH_ALERTS_PER_DAY } from '../../../shared/contracts/watch-areas';
import { LISTED_ON_LOST_BOARD, pets, users, watchAlerts, watchAreas } from '../../../shared/schema';
import type { Db, Executor } from '../../db/connection';
import { areasContaining, type Point } from '../../lib/geo';
import { ownerIdsOf } from '../pets/pet-access';

export type WatchAreaRow = typeof watchAreas.$inferSelect;
type NewWatchAreaRow = Pick<WatchAreaRow, 'lat' | 'lng' | 'radiusKm' | 'push' | 'email'>;

const AREA_COLUMNS = { lat: watchAreas.lat, lng: watchAreas.lng, radiusKm: watchAreas.radiusKm };

/** The areas `userId` watches, oldest first. */
export function listWatchAreas(db: Db, userId: string): Promise<WatchAreaRow[]> {
  return db
    .select()
    .from(watchAreas)
    .where(eq(watchAreas.userId, userId))
    .orderBy(asc(watchAreas.createdAt), asc(watchAreas.id));
}

/**
 * Adds an area for `userId` unless they already watch `limit`: undefined then. Their account's row
 * is locked while it counts, so two requests at once cannot both add the last one.
 */
export function insertWatchArea(
  db: Db,
  userId: string,
  values: NewWatchAreaRow,
  limit: number,
): Promise<WatchAreaRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ areas }] = await tx.select({ areas: count() }).from(watchAreas).where(eq(watchAreas.userId, userId));
    if (areas >= limit) return undefined;
    const [area] = await tx
      .insert(watchAreas)
      .values({ ...values, userId })
      .returning();
    return area;
  });
}

/** False when `userId` has no such area (someone else's included). */
/**
 * Turns e-mail on or off on `userId`'s area `id`, unless that would leave it no way to alert them:
 * the area as it is then, or undefined when it is not theirs or would be left silent (`silent`).
 */
export async function setWatchAreaEmail(db: Db, id: string, userId: string, email: boolean) {
  const [area] = await db
    .update(watchAreas)
    .set({ email })
    .where(and(eq(watchAreas.id, id), eq(watchAreas.userId, userId), email ? undefined : eq(watchAreas.push, true)))
    .returning();
  if (area) return { area };
  const [theirs] = await db
    .select({ id: watchAreas.id })
    .from(watchAreas)
    .where(and(eq(watchAreas.id, id), eq(watchAreas.userId, userId)));
  return { silent: Boolean(theirs) };
}

export async function deleteWatchArea(db: Db, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(watchAreas)
    .where(and(eq(watchAreas.id, id), eq(watchAreas.userId, userId)))
    .returning({ id: watchAreas.id });
  return deleted.length > 0;
}

/** The pet's grid cell while the pet is missing and listed (the point a stranger may be told of). */
export async function findMissingPetCell(db: Executor, petId: string): Promise<Point | undefined> {
  const [pet] = await db
    .select({ lat: pets.lastSeenCellLat, lng: pets.lastSeenCellLng })
    .from(pets)
    .where(and(eq(pets.id, petId), LISTED_ON_LOST_BOARD));
  return pet && pet.lat !== null && pet.lng !== null ? { lat: pet.lat, lng: pet.lng } : undefined;
}

/**
 * The watcher-matching query: one row per person who watches an area containing `cell` with a
 * channel on, never one of the pet's owners: their nearest such area, and the channels any of those
 * areas has on. The GiST index on each area's box answers it (server/lib/geo.ts): its cost follows
 * the areas near the point, not all the areas.
 */
export function watchersOf(db: Executor, petId: string, cell: Point) {
  const distanceKm = sql<number>`earth_distance(ll_to_earth(${watchAreas.lat}, ${watchAreas.lng}), ll_to_earth(${cell.lat}::double precision, ${cell.lng}::double precision)) / 1000`;
  const anyArea = (channel: typeof watchAreas.push | typeof watchAreas.email) =>
    sql<boolean>`bool_or(${channel}) over (partition by ${watchAreas.userId})`;
  return db
    .selectDistinctOn([watchAreas.userId], {
      // Named as recordWatchAlerts reads them.
      userId: sql<string>`${watchAreas.userId}`.as('user_id'),
      areaId: sql<string>`${watchAreas.id}`.as('area_id'),
      distanceKm: distanceKm.mapWith(Number).as('distance_km'),
      push: anyArea(watchAreas.push).as('push'),
      email: anyArea(watchAreas.email).as('email'),
    })
    .from(watchAreas)
    .where(
      and(
        areasContaining(AREA_COLUMNS, cell),
        sql`(${watchAreas.push} or ${watchAreas.email})`,
        sql`${watchAreas.userId} not in ${ownerIdsOf(petId)}`,
      ),
    )
    .orderBy(watchAreas.userId, distanceKm);
}

/**
 * Records one alert about the pet for each watcher of `cell` who has had none about this absence of
 * it (a pet lost again is news again; its point moving is not), and fewer than
 * WATCH_ALERTS_PER_DAY in the last 24 hours; answers the new alerts' ids. Inside the caller's
 * transaction, which must hold WATCH_FAN_OUT_LOCK: fan-outs then count one after another, and the
 * cap holds even when two pets go missing at once.
 */
export async function recordWatchAlerts(tx: Executor, petId: string, cell: Point): Promise<string[]> {
  const watchers = watchersOf(tx, petId, cell);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into ${watchAlerts} (user_id, pet_id, area_id, distance_km, push, email, missing_since)
    select w.user_id, ${petId}::uuid, w.area_id, w.distance_km, w.push, w.email, absence.missing_since
    from (${watchers}) as w, (select ${pets.missingSince} from ${pets} where ${pets.id} = ${petId}) as absence
    where absence.missing_since is not null
      and (select count(*) from ${watchAlerts} recent
           where recent.user_id = w.user_id and recent.created_at > now() - interval '24 hours') < ${WATCH_ALERTS_PER_DAY}
    on conflict (user_id, pet_id, missing_since) do nothing
    returning id`);
  return rows.map((row) => row.id);
}

/** One lock for every fan-out (see recordWatchAlerts): a number no other lock of the app uses. */
export async function takeFanOutLock(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(8058, 26)`);
}

/**
 * Alerts with what their delivery needs: the watcher (and whether their address is vouched for),
 * their area's channels, the pet as a stranger sees it. One query for a batch of deliveries.
 */
export function findAlertsToDeliver(db: Executor, alertIds: string[]) {
  if (alertIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: watchAlerts.id,
      userId: watchAlerts.userId,
      email: users.email,
      emailVerified: users.emailVerified,
      distanceKm: watchAlerts.distanceKm,
      pushedAt: watchAlerts.pushedAt,
      emailedAt: watchAlerts.emailedAt,
      wantsPush: watchAlerts.push,
      wantsEmail: watchAlerts.email,
      pet: {
        id: pets.id,
        name: pets.name,
        species: pets.species,
        breed: pets.breed,
        isMissing: pets.isMissing,
        photoUrl: pets.photoUrl,
        photoHash: pets.photoHash,
      },
    })
    .from(watchAlerts)
    .innerJoin(users, eq(users.id, watchAlerts.userId))
    .innerJoin(pets, eq(pets.id, watchAlerts.petId))
    .innerJoin(watchAreas, eq(watchAreas.id, watchAlerts.areaId))
    .where(inArray(watchAlerts.id, alertIds));
}

export type AlertToDeliver = Awaited<ReturnType<typeof findAlertsToDeliver>>[number];

export async function markAlertsPushed(db: Executor, alertIds: string[]) {
  if (alertIds.length === 0) return;
  await db.update(watchAlerts).set({ pushedAt: sql`now()` }).where(inArray(watchAlerts.id, alertIds));
}

/**
 * The e-mails are being queued, each with the unsubscribe link whose hash is kept: in the queueing
 * transaction. Answers the alerts it marked: one another run marked first is left to that run.
 */
export async function markAlertsEmailed(tx: Executor, links: { alertId: string; tokenHash: string }[]) {
  if (links.length === 0) return new Set<string>();
  const { rows } = await tx.execute<{ id: string }>(sql`
    update ${watchAlerts} set emailed_at = now(), unsubscribe_token_hash = link.token_hash
    from unnest(${`{${links.map((l) => l.alertId).join(',')}}`}::uuid[], ${`{${links.map((l) => l.tokenHash).join(',')}}`}::text[])
      as link(alert_id, token_hash)
    where ${watchAlerts.id} = link.alert_id and ${watchAlerts.emailedAt} is null
    returning ${watchAlerts.id} as id`);
  return new Set(rows.map((row) => row.id));
}

/**
 * The unsubscribe link `tokenHash`: whether it names an alert e-mail, and whether it was used. With
 * `use`, its first use turns e-mail off on every area of that watcher, in one transaction.
 */
export function unsubscribeByToken(
  db: Db,
  tokenHash: string,
  use: boolean,
): Promise<{ alreadyUsed: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .select({ id: watchAlerts.id, userId: watchAlerts.userId, unsubscribedAt: watchAlerts.unsubscribedAt })
      .from(watchAlerts)
      .where(eq(watchAlerts.unsubscribeTokenHash, tokenHash))
      .for('update');
    if (!alert) return undefined;
    const alreadyUsed = alert.unsubscribedAt !== null;
    if (use && !alreadyUsed) {
      await tx.update(watchAlerts).set({ unsubscribedAt: sql`now()` }).where(eq(watchAlerts.id, alert.id));
      await tx.update(watchAreas).set({ email: false }).where(eq(watchAreas.userId, alert.userId));
    }
    return { alreadyUsed };
  });
}

/** How many watchers were alerted about the pet's current absence, and the farthest of their areas' centres. */
export async function countAlertsAbout(db: Db, petId: string) {
  const [row] = await db
    .select({ neighbours: count(), farthestKm: max(watchAlerts.distanceKm) })
    .from(watchAlerts)
    .innerJoin(pets, and(eq(pets.id, watchAlerts.petId), eq(pets.missingSince, watchAlerts.missingSince)))
    .where(eq(watchAlerts.petId, petId));
  return { neighbours: row.neighbours, farthestKm: row.farthestKm === null ? null : Number(row.farthestKm) };
}
