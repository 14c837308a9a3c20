import fs from 'node:fs';
import path from 'node:path';
import { projectName } from '../fleet/generate';
import { startBenchSandbox, type BenchSandbox } from '../sandbox/parent';
import { backendChildBundle } from './backendBundle';
import { startBackendProcess, type BackendProcess } from './backendProcess';

jest.setTimeout(90_000);

describe('the compiled backend child', () => {
  let sandbox: BenchSandbox | undefined;
  let backend: BackendProcess | undefined;
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
    // Jest fires no 'exit' handler of the code under test: the bundle's directory goes here.
    fs.rmSync(path.dirname(await backendChildBundle()), { recursive: true, force: true });
  });

  it('is bundled with our workspace packages only, the rest required from node_modules', async () => {
    const code = fs.readFileSync(await backendChildBundle(), 'utf8');
    expect(code).toMatch(/require\("[^"]*\/node_modules\/@backstage\/backend-test-utils\//);
    expect(code).not.toMatch(/require\("@kargo-backstage\//);
  });

  it('runs on plain node, no transform, and serves a small fleet', async () => {
    sandbox = await startBenchSandbox({ projects: 1, stagesPerProject: 3, stagesPerRepo: 10, gitlabEvery: 0 });
    backend = await startBackendProcess(sandbox.url);
    const cmdline = fs.readFileSync(`/proc/${backend.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline[1]).toMatch(/backendChild\.cjs$/);
    expect(cmdline.join(' ')).not.toContain('nodeTransform');
    let served = 0;
    for (let i = 0; i < 200 && served < 3; i++) {
      const res = await fetch(`${backend.apiUrl}/projects/${projectName(0)}/stages`);
      served = res.ok ? ((await res.json()) as { items: unknown[] }).items.length : 0;
      if (served < 3) await new Promise(r => setTimeout(r, 100));
    }
    expect(served).toBe(3);
    expect(await backend.rssMb()).toBeGreaterThan(0);
  });
});
