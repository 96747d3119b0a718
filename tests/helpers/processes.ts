import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Scripts of this repository run as their own processes (the demo, scripts/serve.ts, the stand-in gateway in a
 * bench): tests and benches that need a process to kill, or a server that does not share their event loop.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A port nothing listens on right now, for a process that needs a fixed PORT. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Polls `check` every `everyMs` until it holds; throws naming `what` after `ms`. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, what: string, everyMs = 50) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface ScriptProcess {
  child: ChildProcess;
  /** The match of `ready` in the script's output. */
  match: RegExpExecArray;
  /** Everything the script printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with the exit code (null when killed). */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * Runs `node --import tsx <script>` from the repository root with `env` and resolves once its standard output
 * matches `ready` (rejects when it exits first or takes longer than `timeoutMs`). stderr is collected too, so a
 * failure can show what the script said.
 */
export function startScript(
  script: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 60_000,
  nodeArgs: string[] = [],
): Promise<ScriptProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  // 'close', not 'exit': by then its output has been read to the end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const proc = (match: RegExpExecArray): ScriptProcess => ({
    child,
    match,
    output: () => out + err,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} not ready after ${timeoutMs} ms:\n${out}${err}`));
    }, timeoutMs);
    let isReady = false;
    // Read on after the match too: a pipe nobody reads fills up and stalls the child.
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = isReady ? null : ready.exec(out);
      if (match) {
        isReady = true;
        clearTimeout(timer);
        resolve(proc(match));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${out}${err}`));
    });
  });
}
