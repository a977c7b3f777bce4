import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';

/**
 * Why the bench shields itself from the rest of the machine: interleaving puts the same load on app and
 * floor, but a busy machine stretches the app's longer chain of processes and wake-ups (page, bridge, core,
 * sandbox) more than a floor's short one, so a ratio measured beside CPU burners would judge the burners.
 * Served before ordinary work, a loaded machine measures what a quiet one does. App and floor always run
 * inside the same shield, so no figure gains over its floor.
 *
 * The shield is a CPU control group with a large share when the OS lets this user make one (Linux, as root):
 * everything the bench starts stays in it, Chromium's renderers included, which reset their own nice value.
 * Otherwise a raised nice value, which reaches the bench's own processes but not the browser's renderers.
 */
export const BENCH_CGROUP = 'wallet-desk-bench';
/** Ten times a default process's weight under cgroup v1 (1024) and the largest weight under v2. */
const V1_SHARES = 10_240;
const V2_WEIGHT = 10_000;
export const BENCH_NICE = -10;

export interface BenchIsolation {
  /** The CPU control group the run was in, or null when none could be made. */
  readonly cgroup: { readonly path: string; readonly version: 1 | 2; readonly weight: number } | null;
  /** The nice value the run had. */
  readonly nice: number;
  /** Why a step was left out (a user without the right, no cgroup file system), for the results. */
  readonly notes: readonly string[];
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A child group of the root's CPU controller with a large weight, the process `pid` moved into it. */
export function joinCpuGroup(cgroupRoot: string, pid: number): BenchIsolation['cgroup'] {
  const v1 = join(cgroupRoot, 'cpu');
  if (existsSync(join(v1, 'cpu.shares'))) {
    const path = join(v1, BENCH_CGROUP);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'cpu.shares'), String(V1_SHARES));
    writeFileSync(join(path, 'cgroup.procs'), String(pid));
    return { path, version: 1, weight: V1_SHARES };
  }
  const controllers = join(cgroupRoot, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) {
    writeFileSync(join(cgroupRoot, 'cgroup.subtree_control'), '+cpu');
    const path = join(cgroupRoot, BENCH_CGROUP);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'cpu.weight'), String(V2_WEIGHT));
    writeFileSync(join(path, 'cgroup.procs'), String(pid));
    return { path, version: 2, weight: V2_WEIGHT };
  }
  return null;
}

/**
 * On Linux a nice value belongs to a thread, and the threads Node started before this call (its platform
 * and libuv workers) would keep the old one: each is raised by its id. What starts later inherits it.
 */
function raiseNice(): void {
  setPriority(0, BENCH_NICE);
  let threads: number[] = [];
  try {
    threads = readdirSync('/proc/self/task').map(Number).filter(Number.isInteger);
  } catch {
    // Not Linux: the process's priority was set above.
  }
  for (const id of threads) {
    try {
      setPriority(id, BENCH_NICE);
    } catch {
      // A worker that ended since the list was read: nothing to raise.
    }
  }
}

/**
 * Shields this process and everything it starts afterwards (see BENCH_CGROUP); never fails the run when
 * the OS refuses a step, it says so in `notes`. Call it before the first child process or browser starts.
 */
export function isolateBench(cgroupRoot = '/sys/fs/cgroup', pid = process.pid): BenchIsolation {
  const notes: string[] = [];
  let cgroup: BenchIsolation['cgroup'] = null;
  try {
    cgroup = joinCpuGroup(cgroupRoot, pid);
    if (!cgroup) notes.push(`no CPU controller under ${cgroupRoot}`);
  } catch (error) {
    notes.push(`no CPU control group: ${message(error)}`);
  }
  if (getPriority() > BENCH_NICE) {
    try {
      raiseNice();
    } catch (error) {
      notes.push(`nice not raised: ${message(error)}`);
    }
  }
  return { cgroup, nice: getPriority(), notes };
}

/** One line for the report's footer. */
export function describeIsolation(isolation: BenchIsolation): string {
  const group = isolation.cgroup
    ? `CPU group ${isolation.cgroup.path} (weight ${isolation.cgroup.weight})`
    : 'no CPU group';
  return `${group}, nice ${isolation.nice}${isolation.notes.length > 0 ? ` (${isolation.notes.join('; ')})` : ''}`;
}
