import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BENCH_CGROUP_PREFIX, cpuGroupOf, describeIsolation, joinCpuGroup } from '../../../bench/support/isolation';

// A directory laid out as the kernel's cgroup v1 CPU controller is: the bench's group is made, joined and
// left through the same files, without touching the machine's real groups. (The kernel refuses to remove a
// group with processes in it; a plain directory with files in it is refused alike.)
let controller: string;
beforeEach(() => {
  controller = mkdtempSync(join(tmpdir(), 'bench-cgroup-'));
  writeFileSync(join(controller, 'cpu.shares'), '1024');
  mkdirSync(join(controller, 'ci', 'job-7'), { recursive: true });
});
afterEach(() => rmSync(controller, { recursive: true, force: true }));

const inJob = '12:memory:/x\n4:cpu,cpuacct:/ci/job-7\n0::/\n';

describe('the bench runs in a CPU group of its own', () => {
  it('reads the process group under the CPU controller, whatever controllers share its line', () => {
    expect(cpuGroupOf(inJob)).toBe('/ci/job-7');
    expect(cpuGroupOf('1:cpu:/\n')).toBe('/');
    expect(cpuGroupOf('0::/user.slice\n')).toBeNull();
  });

  it('makes its group inside the one it was in, with ten times the default weight, and moves in', () => {
    const group = joinCpuGroup(controller, inJob, 4242);
    const path = join(controller, 'ci', 'job-7', `${BENCH_CGROUP_PREFIX}4242`);
    expect(group?.path).toBe(path);
    expect(group?.shares).toBe(10_240);
    expect(readFileSync(join(path, 'cpu.shares'), 'utf8')).toBe('10240');
    expect(readFileSync(join(path, 'cgroup.procs'), 'utf8')).toBe('4242');
  });

  it('moves back to the group it came from when the run ends', () => {
    const group = joinCpuGroup(controller, inJob, 4242)!;
    group.leave();
    expect(readFileSync(join(controller, 'ci', 'job-7', 'cgroup.procs'), 'utf8')).toBe('4242');
  });

  it('removes what earlier runs left behind when empty, and leaves a group still in use', () => {
    const parent = join(controller, 'ci', 'job-7');
    mkdirSync(join(parent, `${BENCH_CGROUP_PREFIX}11`));
    mkdirSync(join(parent, `${BENCH_CGROUP_PREFIX}12`));
    writeFileSync(join(parent, `${BENCH_CGROUP_PREFIX}12`, 'cgroup.procs'), '12');
    mkdirSync(join(parent, 'someone-else'));
    joinCpuGroup(controller, inJob, 4242);
    expect(existsSync(join(parent, `${BENCH_CGROUP_PREFIX}11`))).toBe(false);
    expect(existsSync(join(parent, `${BENCH_CGROUP_PREFIX}12`))).toBe(true);
    expect(existsSync(join(parent, 'someone-else'))).toBe(true);
  });

  it('makes no group without a v1 CPU controller, and the report says why', () => {
    rmSync(join(controller, 'cpu.shares'));
    expect(joinCpuGroup(controller, inJob, 4242)).toBeNull();
    expect(joinCpuGroup(controller, '0::/\n', 4242)).toBeNull();
    expect(describeIsolation({ cgroup: null, nice: -10, notes: ['no cgroup v1 CPU controller'] })).toBe(
      'no CPU group, nice -10 (no cgroup v1 CPU controller)',
    );
  });
});
