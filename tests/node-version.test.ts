import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const project = read('package.json');
const lock = read('package-lock.json');

/** The oldest Node the README and `engines` promise. */
const oldest = semver.minVersion(project.engines.node)?.version as string;

describe('the Node version the README names', () => {
  it('when the README says which Node to use, then it is the one in engines', () => {
    expect(oldest).toBe('20.19.0');
    expect(fs.readFileSync('README.md', 'utf8')).toContain('Node.js 20.19 or later');
  });

  it('when npm installs the locked dependencies on that Node, then none asks for a newer one (no engine warning)', () => {
    const wanting = Object.entries(lock.packages as Record<string, { version?: string; engines?: { node?: string } }>)
      .filter(([name, meta]) => name !== '' && typeof meta.engines?.node === 'string')
      .filter(([, meta]) => !semver.satisfies(oldest, meta.engines?.node as string))
      .map(([name, meta]) => `${name}@${meta.version} wants node ${meta.engines?.node}`);
    expect(wanting).toEqual([]);
  });
});
