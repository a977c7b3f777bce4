import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Why the bench shields itself from the rest of the machine: interleaving puts the same load on app and
 * floor, but a busy machine stretches the app's longer chain of processes and wake-ups (page, bridge, core,
 * sandbox) more than a floor's short one, so a ratio measured beside CPU burners would judge the burners.
 * App and floor always run inside the same shield, so no figure gains over its floor. The shield only
 * changes the share of CPU time; caches, memory bandwidth and clock speed stay shared.
 *
 * The shield is a cgroup v1 CPU group of the run's own, made inside the group the bench already runs in
 * (so every limit on that group still holds), with ten times a default process's weight; everything the
 * bench starts afterwards stays in it, Chromium's renderers included, which reset their own nice value.
 * The run leaves it when it ends; tsx's esbuild service and Chromium's last processes end just after, so
 * the empty group is removed by the next run. Where no such group can be made (no v1 CPU controller, cgroup v2's
 * rule against processes beside child groups, a user without the right), a raised nice value instead,
 * which reaches the bench's own processes but not the browser's renderers.
 */
export const BENCH_CGROUP_PREFIX = 'wallet-desk-bench-';
/** Ten times a default (nice 0) process's weight under cgroup v1. */
export const BENCH_SHARES = 10_240;
export const BENCH_NICE = -10;

export interface BenchCpuGroup {
  readonly path: string;
  readonly shares: number;
  /** Moves the process back to the group it came from and removes this one (best effort). */
  readonly leave: () => void;
}

export interface BenchIsolation {
  /** The CPU group the run was in, or null when none could be made. */
  readonly cgroup: { readonly path: string; readonly shares: number } | null;
  /** The nice value the run had. */
  readonly nice: number;
  /** Why a step was left out, for the results. */
  readonly notes: readonly string[];
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The process's group under the v1 CPU controller, from /proc/<pid>/cgroup ("4:cpu,cpuacct:/a/b"). */
export function cpuGroupOf(procCgroup: string): string | null {
  for (const line of procCgroup.split('\n')) {
    const [, controllers = '', path] = line.split(':');
    if (path !== undefined && controllers.split(',').includes('cpu')) return path;
  }
  return null;
}

/** Removes groups earlier runs left behind (a run killed before it could): only empty ones can go. */
function removeLeftovers(parent: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(BENCH_CGROUP_PREFIX)) continue;
    try {
      rmdirSync(join(parent, name));
    } catch {
      // Still has processes (another run, or one still ending): left alone.
    }
  }
}

/**
 * A CPU group of this run's own with BENCH_SHARES, inside the group `pid` is in, and `pid` moved into it;
 * null where there is no cgroup v1 CPU controller. `procCgroup` is /proc/<pid>/cgroup's text.
 */
export function joinCpuGroup(controllerRoot: string, procCgroup: string, pid: number): BenchCpuGroup | null {
  const current = cpuGroupOf(procCgroup);
  if (current === null || !existsSync(join(controllerRoot, 'cpu.shares'))) return null;
  const parent = join(controllerRoot, current);
  removeLeftovers(parent);
  const path = join(parent, `${BENCH_CGROUP_PREFIX}${pid}`);
  mkdirSync(path);
  try {
    writeFileSync(join(path, 'cpu.shares'), String(BENCH_SHARES));
    writeFileSync(join(path, 'cgroup.procs'), String(pid));
  } catch (error) {
    rmdirSync(path);
    throw error;
  }
  const leave = (): void => {
    try {
      writeFileSync(join(dirname(path), 'cgroup.procs'), String(pid));
      rmdirSync(path);
    } catch {
      // A child still ending keeps the group; the next run removes it (removeLeftovers).
    }
  };
  return { path, shares: BENCH_SHARES, leave };
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
 * Shields this process and everything it starts afterwards (see BENCH_CGROUP_PREFIX) until `release`;
 * never fails the run when the OS refuses a step, it says so in `notes`. Call it before the first child
 * process or browser starts. BENCH_SHIELD=off leaves the run as it is.
 */
export function isolateBench(): { isolation: BenchIsolation; release: () => void } {
  const notes: string[] = [];
  if (process.env.BENCH_SHIELD === 'off') {
    notes.push('BENCH_SHIELD=off');
    return { isolation: { cgroup: null, nice: getPriority(), notes }, release: () => undefined };
  }
  let group: BenchCpuGroup | null = null;
  try {
    group = joinCpuGroup('/sys/fs/cgroup/cpu', readFileSync('/proc/self/cgroup', 'utf8'), process.pid);
    if (!group) notes.push('no cgroup v1 CPU controller');
  } catch (error) {
    notes.push(`no CPU group: ${message(error)}`);
  }
  // Inside the group every process keeps the same weight, as in the app; the nice value is only the
  // fallback (raising it there would favour the bench's Node processes over Chromium's renderers).
  if (!group && getPriority() > BENCH_NICE) {
    try {
      raiseNice();
    } catch (error) {
      notes.push(`nice not raised: ${message(error)}`);
    }
  }
  const cgroup = group ? { path: group.path, shares: group.shares } : null;
  return { isolation: { cgroup, nice: getPriority(), notes }, release: group ? group.leave : () => undefined };
}

/** One line for the report's footer. */
export function describeIsolation(isolation: BenchIsolation): string {
  const group = isolation.cgroup
    ? `CPU group ${isolation.cgroup.path} (${isolation.cgroup.shares} shares)`
    : 'no CPU group';
  return `${group}, nice ${isolation.nice}${isolation.notes.length > 0 ? ` (${isolation.notes.join('; ')})` : ''}`;
}
