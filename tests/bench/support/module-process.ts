import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { FigureResult } from './figure';

const Summary = z.object({
  n: z.number(),
  median: z.number(),
  p10: z.number(),
  p90: z.number(),
  min: z.number(),
  max: z.number(),
});

const Figure = z.object({
  id: z.string(),
  title: z.string(),
  unit: z.string(),
  target: z.object({ value: z.number(), strict: z.boolean().optional() }).optional(),
  summary: Summary.nullable(),
  verdict: z.enum(['pass', 'over', 'fail', 'not-measured', 'error', 'info']),
  method: z.string(),
  note: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  absolute: z.object({ unit: z.string(), app: Summary, floor: Summary }).optional(),
});

const Figures = z.array(Figure);

/** A module whose measurement broke: one line of why, in the table like any figure. */
export function brokenFigure(id: string, error: unknown): FigureResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    id,
    title: id,
    unit: '',
    summary: null,
    verdict: 'error',
    method: 'see note',
    note: message.split('\n')[0]!,
  };
}

/**
 * What a module's own process handed back: its figures, or one broken figure saying why there are none (the
 * process failed, or wrote something that is not a list of figures).
 */
export function figuresFromChild(id: string, exit: number | null, text: string | null): FigureResult[] {
  if (exit !== 0) return [brokenFigure(id, new Error(`its process ended with ${exit ?? 'a signal'}`))];
  if (text === null) return [brokenFigure(id, new Error('its process wrote no figures'))];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [brokenFigure(id, new Error('its process wrote figures that are not JSON'))];
  }
  const parsed = Figures.safeParse(raw);
  if (!parsed.success)
    return [brokenFigure(id, new Error(`its process wrote malformed figures: ${parsed.error.message}`))];
  return parsed.data.map(withoutAbsentKeys);
}

/** JSON has no `undefined`; zod's optional keys may hold it, a FigureResult's may only be left out. */
function withoutAbsentKeys(figure: z.infer<typeof Figure>): FigureResult {
  const { target, note, details, absolute, ...rest } = figure;
  return {
    ...rest,
    ...(target
      ? {
          target:
            target.strict === undefined ? { value: target.value } : { value: target.value, strict: target.strict },
        }
      : {}),
    ...(note === undefined ? {} : { note }),
    ...(details === undefined ? {} : { details }),
    ...(absolute === undefined ? {} : { absolute }),
  };
}

export interface ApartOptions {
  readonly root: string;
  readonly id: string;
  readonly quick: boolean;
  /** The module's own Node flags (FigureModule.nodeFlags). */
  readonly nodeFlags?: readonly string[];
}

/**
 * Runs one module in a fresh Node process of its own (module-child.ts, with this process's loader flags, so
 * tsx's too) and returns its figures. Fresh, so no module is measured inside a heap, caches or timers another
 * module left behind: the app's main core runs inside the bench's process, and its launch was slower after the
 * exports had grown that heap. The child inherits the CPU shield; its output goes to stderr, with the progress.
 */
export async function runModuleApart(options: ApartOptions): Promise<FigureResult[]> {
  const folder = await mkdtemp(join(tmpdir(), `bench-${options.id}-`));
  const file = join(folder, 'figures.json');
  try {
    // --expose-gc: a module may collect what its own earlier steps left before it measures (idle-cost.ts).
    const args = [
      '--expose-gc',
      ...(options.nodeFlags ?? []),
      ...process.execArgv,
      join(options.root, 'tests/bench/module-child.ts'),
      options.id,
      `--figures=${file}`,
      ...(options.quick ? ['--quick'] : []),
    ];
    const exit = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: options.root, stdio: ['ignore', 2, 2] });
      child.once('error', reject);
      child.once('exit', (code) => resolve(code));
    });
    const text = await readFile(file, 'utf8').catch(() => null);
    return figuresFromChild(options.id, exit, text);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
