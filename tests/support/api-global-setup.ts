// Run once before the API test files (vitest.config.ts, globalSetup).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection';
import { runMigrations } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database made and migrated once, which each test file copies (api-test-setup.ts). */
    embeddedTemplate: string | undefined;
  }
}

/**
 * On the embedded database every test file gets a database of its own. Making one from nothing
 * (PGlite's initdb, then every migration and the catalogue) took seconds of each file's time, on
 * both cores at once; a copy of one made here opens in well under a second.
 */
export default async function makeEmbeddedTemplate(project: TestProject) {
  if (process.env.DATABASE_URL) return project.provide('embeddedTemplate', undefined);
  const dataDir = path.resolve('.data', `test-template-${crypto.randomBytes(4).toString('hex')}`);
  const database = await openDatabase({ mode: 'embedded', dataDir });
  try {
    await runMigrations(database.pool);
    await seedCatalogue(database.db);
  } finally {
    await database.close();
  }
  project.provide('embeddedTemplate', dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
