import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { PetsService } from '../pets/pets.service';
import { countAppliedMigrations, pingDatabase } from './health.repository';

const journal = path.resolve(import.meta.dirname, '../../../migrations/meta/_journal.json');

// An id no pet has: the public read runs its whole path and finds nothing.
const NO_PET = '00000000-0000-0000-0000-000000000000';

/**
 * Liveness (the process reaches its database) and readiness (every migration is applied, and a
 * finder's read of a pet answers: a database that takes `select 1` can still fail that read).
 */
export function createHealthService({ pool, pets }: { pool: pg.Pool; pets: Pick<PetsService, 'publicView'> }) {
  const expectedMigrations = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
  return {
    live: () => pingDatabase(pool),
    async ready() {
      const migrations = await countAppliedMigrations(pool);
      const publicRead = await pets.publicView(NO_PET).then(
        () => true,
        () => false,
      );
      return { ready: migrations >= expectedMigrations && publicRead, migrations, publicRead };
    },
  };
}
