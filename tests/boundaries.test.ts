import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const rules: IConfiguration = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
let project: string | undefined;
afterEach(() => project && fs.rmSync(project, { recursive: true, force: true }));

/** Runs the project's boundary check on a small project made of `files`. */
async function checkBoundaries(files: Record<string, string>) {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-boundaries-'));
  const all = { 'tsconfig.json': '{ "compilerOptions": { "allowJs": true } }', ...files };
  for (const [name, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
    fs.writeFileSync(path.join(project, name), text);
  }
  const folders = [...new Set(Object.keys(files).map((name) => name.split('/')[0]))];
  const { output } = await cruise(folders, {
    ...rules.options,
    baseDir: project,
    tsConfig: { fileName: path.join(project, 'tsconfig.json') },
    validate: true,
    ruleSet: rules,
    outputType: 'err',
  });
  return { failed: /error/.test(String(output)), report: String(output) };
}

describe('the boundary check', () => {
  it('when a client feature imports another feature, then it fails and names the rule', async () => {
    const result = await checkBoundaries({
      'client/src/features/store/store-page.ts': "import { useAuth } from '../checkout/use-auth';\nuseAuth();\n",
      'client/src/features/checkout/use-auth.ts': 'export const useAuth = () => null;\n',
    });
    expect(result.failed).toBe(true);
    expect(result.report).toContain('client-features-stay-apart');
  });

  it('when client features share code through lib, then it passes', async () => {
    const result = await checkBoundaries({
      'client/src/features/store/store-page.ts': "import { useAuth } from '../../lib/auth';\nuseAuth();\n",
      'client/src/features/checkout/checkout-page.ts': "import { useAuth } from '../../lib/auth';\nuseAuth();\n",
      'client/src/lib/auth.ts': 'export const useAuth = () => null;\n',
    });
    expect(result).toMatchObject({ failed: false });
  });

  it('when a route reads a repository, then it fails', async () => {
    const result = await checkBoundaries({
      'server/features/pets/pets.routes.ts': "import { listPets } from './pets.repository';\nlistPets();\n",
      'server/features/pets/pets.repository.ts': 'export const listPets = () => [];\n',
    });
    expect(result.failed).toBe(true);
    expect(result.report).toContain('routes-call-services');
  });

  it('when the client imports the database tables, then it fails; their contracts pass', async () => {
    const tables = await checkBoundaries({
      'client/src/features/pets/pet-form.ts':
        "import { insertPetSchema } from '../../../../shared/schema';\ninsertPetSchema;\n",
      'shared/schema.ts': 'export const insertPetSchema = {};\n',
    });
    expect(tables.failed).toBe(true);
    expect(tables.report).toContain('client-never-imports-tables');
    const contracts = await checkBoundaries({
      'client/src/features/pets/pet-form.ts':
        "import { insertPetSchema } from '../../../../shared/contracts/pet-schema';\ninsertPetSchema;\n",
      'shared/contracts/pet-schema.ts': 'export const insertPetSchema = {};\n',
    });
    expect(contracts).toMatchObject({ failed: false });
  });
});
