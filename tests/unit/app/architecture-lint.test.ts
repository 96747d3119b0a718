import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture is enforced by lint (eslint.architecture.js). Each case lints a small file as if it stood at `at`
 * and expects the rule to name the crossing; the same import through the door is clean.
 */
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(at: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => m.message);
}

describe('architecture lint', () => {
  it('a server feature may use another only through its index', async () => {
    const at = 'server/features/admins/probe.ts';
    expect(await problems(at, "import { requireSchool } from '../schools/service';\nexport const x = requireSchool;\n")).toEqual([
      'Unexpected path "../schools/service" imported in restricted zone. Use the schools feature through its index.ts (server/features/schools/index.ts).',
    ]);
    expect(await problems(at, "import { requireSchool } from '../schools';\nexport const x = requireSchool;\n")).toEqual([]);
  }, 60_000);

  it('a browser feature may use another only through its index, whatever the path is written as', async () => {
    const at = 'src/features/students/probe.ts';
    const deep = await problems(at, "import { fetchSchools } from '@features/schools/api';\nexport const x = fetchSchools;\n");
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain('Use the schools feature through its index.ts (src/features/schools/index.ts)');
    expect(await problems(at, "import { fetchSchools } from '@features/schools';\nexport const x = fetchSchools;\n")).toEqual([]);
  }, 60_000);

  it('the server imports only src/domain and src/shared from src/, and src/ never imports the server', async () => {
    const fromServer = await problems(
      'server/features/students/probe.ts',
      "import { fetchSchools } from '@features/schools';\nimport { apiSuccess } from '@domain/api';\nexport const x = [fetchSchools, apiSuccess];\n",
    );
    expect(fromServer).toEqual([
      expect.stringContaining(
        'The server imports only the wire contract (src/domain) and the shared rules (src/shared) from src/.',
      ),
    ]);
    expect(
      await problems('server/features/students/probe.ts', "import { csvLine } from '@shared/csv';\nexport const x = csvLine;\n"),
    ).toEqual([]);
    const fromBrowser = await problems(
      'src/features/students/probe.ts',
      "import { nowIso } from '@core/time/time';\nexport const x = nowIso;\n",
    );
    expect(fromBrowser).toEqual([expect.stringContaining('Browser code may not import the server.')]);
  }, 60_000);

  it('core and kit import no feature', async () => {
    expect(
      await problems(
        'server/core/probe.ts',
        "import { requireSchool } from '../features/schools';\nexport const x = requireSchool;\n",
      ),
    ).toEqual([expect.stringContaining('server/core is below the features.')]);
    expect(
      await problems('src/kit/probe.ts', "import { fetchSchools } from '@features/schools';\nexport const x = fetchSchools;\n"),
    ).toEqual([expect.stringContaining('src/kit is below the features and the console shell.')]);
  }, 60_000);

  it('the browser layers import none above them: kit → features → the console shell → pages', async () => {
    const shellRouter = "import { $router } from '@app/router';\nexport const x = $router;\n";
    expect(await problems('src/kit/probe.ts', shellRouter.replace('@app', '../app'))).toEqual([
      expect.stringContaining('src/kit is below the features and the console shell.'),
    ]);
    expect(await problems('src/features/students/probe.ts', shellRouter.replace('@app', '../../app'))).toEqual([
      expect.stringContaining('The features are below the console shell (src/app) and the pages.'),
    ]);
    expect(await problems('src/app/probe.ts', "import { GET } from '../pages/robots.txt';\nexport const x = GET;\n")).toEqual([
      expect.stringContaining('The console shell (src/app) is below the pages.'),
    ]);
    expect(
      await problems(
        'src/features/students/probe.ts',
        "import { $page } from '@kit/console/navigation';\nexport const x = $page;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/app/probe.ts', "import { fetchSchools } from '@features/schools';\nexport const x = fetchSchools;\n"),
    ).toEqual([]);
    expect(await problems('src/pages/probe.ts', "import { $router } from '../app/router';\nexport const x = $router;\n")).toEqual(
      [],
    );
  }, 60_000);

  it('the domain imports nothing else of src/ but the shared rules, which import nothing of src/', async () => {
    expect(
      await problems('src/domain/probe.ts', "import { navigate } from '@kit/console/navigation';\nexport const x = navigate;\n"),
    ).toEqual([
      expect.stringContaining('src/domain is the wire contract: it imports nothing of the browser or the server but src/shared.'),
    ]);
    expect(
      await problems('src/domain/probe.ts', "import { apiSuccess } from '@domain/api';\nexport const x = apiSuccess;\n"),
    ).toEqual([]);
    expect(await problems('src/domain/probe.ts', "import { csvLine } from '@shared/csv';\nexport const x = csvLine;\n")).toEqual(
      [],
    );
    expect(
      await problems('src/shared/probe.ts', "import { apiSuccess } from '@domain/api';\nexport const x = apiSuccess;\n"),
    ).toEqual([expect.stringContaining('src/shared is below everything')]);
  }, 60_000);
});

describe('architecture lint: the server shell', () => {
  it('core imports none of the shell (app.ts, main.ts, types.ts, features/index.ts)', async () => {
    // features/index.ts is a feature folder's file too: that zone names it as well.
    for (const shell of ['../app', '../main', '../types', '../features/index'])
      expect(await problems('server/core/probe.ts', `import * as x from '${shell}';\nexport const y = x;\n`)).toContainEqual(
        expect.stringContaining('server/core is below the server shell'),
      );
  }, 60_000);

  it('a feature imports none of the shell: it reaches Fastify additions without an import', async () => {
    for (const shell of ['../../app', '../../main', '../../types', '../index'])
      expect(await problems('server/features/rfid/probe.ts', `import * as x from '${shell}';\nexport const y = x;\n`)).toEqual([
        expect.stringContaining('A feature is below the server shell'),
      ]);
    expect(
      await problems('server/features/rfid/probe.ts', "import { nowIso } from '@core/time/time';\nexport const x = nowIso;\n"),
    ).toEqual([]);
  }, 60_000);

  it('the shell uses a feature only through its index', async () => {
    expect(
      await problems(
        'server/app.ts',
        "import { ensureSuperAdmin } from './features/auth/bootstrap';\nexport const x = ensureSuperAdmin;\n",
      ),
    ).toEqual([expect.stringContaining('The server shell uses the auth feature through its index.ts')]);
    expect(
      await problems(
        'server/app.ts',
        "import { ensureSuperAdmin } from './features/auth';\nexport const x = ensureSuperAdmin;\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
