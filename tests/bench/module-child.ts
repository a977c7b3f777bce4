/**
 * One bench module in a process of its own (started by run.ts, see support/module-process.ts):
 * `module-child.ts <module id> --figures=<file> [--quick]`. Starts its own sandbox, measures, writes the
 * module's figures to the file as JSON (a broken measurement as an error figure) and exits 0; anything else
 * is a broken process, reported as such by run.ts.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { modules } from './modules';
import { startBenchSandbox } from './support/bench-sandbox';
import type { FigureResult } from './support/figure';
import { brokenFigure } from './support/module-process';

const root = resolve(import.meta.dirname, '../..');

function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main(argv: readonly string[]): Promise<void> {
  const [id, ...rest] = argv;
  const figuresAt = rest.find((arg) => arg.startsWith('--figures='));
  const module = modules.find((candidate) => candidate.id === id);
  if (!module || !figuresAt) throw new Error('usage: module-child.ts <module id> --figures=<file> [--quick]');
  const sandbox = await startBenchSandbox();
  let figures: FigureResult[];
  try {
    figures = await module.measure({ root, sandbox, quick: rest.includes('--quick'), progress });
  } catch (error) {
    progress(`${module.id} broke: ${error instanceof Error ? error.message : String(error)}`);
    figures = [brokenFigure(module.id, error)];
  } finally {
    await sandbox.close();
  }
  await writeFile(figuresAt.slice('--figures='.length), JSON.stringify(figures));
}

main(process.argv.slice(2)).then(
  // Whatever a module left running (a timer, a socket) must not hold the next module back.
  () => process.exit(0),
  (error: unknown) => {
    progress(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(2);
  },
);
