// The architecture in lint (docs/ARCHITECTURE.md draws it):
// - the browser's layers, bottom to top: the domain (src/domain, the wire contract) and the kit (src/kit) →
//   the features (src/features/<f>) → the console shell (src/app) → Astro's pages and layouts (src/pages,
//   src/layouts, and src/islands if an island entry is added). A layer imports none above it;
// - a feature (server/features/<f>, src/features/<f>) is used by other features only through its index.ts;
// - the server imports nothing from src/ but the wire contract (src/domain) and the shared rules (src/shared: pure
//   TS both sides run, such as CSV text, card ids, networks); src/ never imports server/;
// - server/core is below the server's features; the domain imports nothing of the browser or the server, and the
//   shared rules import nothing of src/ at all;
// - the server's shell (app.ts, main.ts, types.ts, features/index.ts) is above core and the features: they import
//   none of it (features reach types.ts' Fastify additions through the module augmentation, without an import),
//   and it uses a feature only through its index.ts;
// - no import cycles anywhere.
// Aliases (@domain, @shared, @core, @kit, @features) are resolved through tsconfig.json, so a crossing is caught whichever
// way it is written.
import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const featuresIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Every other feature of a side may reach a feature only through its index.ts. */
const doors = (root) =>
  featuresIn(root).map((feature) => ({
    target: featuresIn(root)
      .filter((other) => other !== feature)
      .map((other) => `./${root}/${other}/**`),
    from: `./${root}/${feature}`,
    except: ['./index.ts'],
    message: `Use the ${feature} feature through its index.ts (${root}/${feature}/index.ts).`,
  }));

/** Astro's entry points: the top of the browser's layers. */
const PAGES = ['./src/pages', './src/layouts', './src/islands'];
const SHELL_AND_ABOVE = ['./src/app', ...PAGES];

/** The server's shell: builds the app (app.ts), starts it (main.ts), declares core's Fastify additions (types.ts), lists the features. */
const SERVER_SHELL = ['./server/app.ts', './server/main.ts', './server/types.ts', './server/features/index.ts'];

/** The shell reaches each server feature through its index.ts too. */
const shellDoors = () =>
  featuresIn('server/features').map((feature) => ({
    target: SERVER_SHELL,
    from: `./server/features/${feature}`,
    except: ['./index.ts'],
    message: `The server shell uses the ${feature} feature through its index.ts (server/features/${feature}/index.ts).`,
  }));

export const architecture = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './src', from: './server', message: 'Browser code may not import the server.' },
          {
            target: './server',
            from: './src',
            except: ['./domain', './shared'],
            message: 'The server imports only the wire contract (src/domain) and the shared rules (src/shared) from src/.',
          },
          { target: './server/core', from: './server/features', message: 'server/core is below the features.' },
          {
            target: './server/core',
            from: SERVER_SHELL,
            message: 'server/core is below the server shell (app.ts, main.ts, types.ts, features/index.ts).',
          },
          {
            target: './server/features/*/**',
            from: SERVER_SHELL,
            message:
              'A feature is below the server shell (app.ts, main.ts, types.ts, features/index.ts): Fastify additions need no import.',
          },
          ...shellDoors(),
          {
            target: './src/kit',
            from: ['./src/features', ...SHELL_AND_ABOVE],
            message: 'src/kit is below the features and the console shell.',
          },
          {
            target: './src/features',
            from: SHELL_AND_ABOVE,
            message: 'The features are below the console shell (src/app) and the pages.',
          },
          { target: './src/app', from: PAGES, message: 'The console shell (src/app) is below the pages.' },
          {
            target: './src/domain',
            from: './src',
            except: ['./domain', './shared'],
            message: 'src/domain is the wire contract: it imports nothing of the browser or the server but src/shared.',
          },
          {
            target: './src/shared',
            from: './src',
            except: ['./shared'],
            message: 'src/shared is below everything: pure rules, no import of the browser, the server or the contract.',
          },
          ...doors('server/features'),
          ...doors('src/features'),
        ],
      },
    ],
  },
};
