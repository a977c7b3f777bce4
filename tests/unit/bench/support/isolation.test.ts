import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BENCH_CGROUP, describeIsolation, joinCpuGroup } from '../../../bench/support/isolation';

// A directory laid out as the kernel's cgroup file systems are: the bench's group is made and joined
// through the same files, without touching the machine's real groups.
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bench-cgroup-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the bench joins a CPU group with a large weight', () => {
  it('under cgroup v1, with cpu.shares ten times a process default', () => {
    mkdirSync(join(root, 'cpu'));
    writeFileSync(join(root, 'cpu', 'cpu.shares'), '1024');
    const group = joinCpuGroup(root, 4242);
    expect(group).toEqual({ path: join(root, 'cpu', BENCH_CGROUP), version: 1, weight: 10_240 });
    expect(readFileSync(join(root, 'cpu', BENCH_CGROUP, 'cpu.shares'), 'utf8')).toBe('10240');
    expect(readFileSync(join(root, 'cpu', BENCH_CGROUP, 'cgroup.procs'), 'utf8')).toBe('4242');
  });

  it('under cgroup v2, enabling the cpu controller for the group and giving it the largest weight', () => {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    writeFileSync(join(root, 'cgroup.subtree_control'), '');
    const group = joinCpuGroup(root, 4242);
    expect(group).toEqual({ path: join(root, BENCH_CGROUP), version: 2, weight: 10_000 });
    expect(readFileSync(join(root, 'cgroup.subtree_control'), 'utf8')).toBe('+cpu');
    expect(readFileSync(join(root, BENCH_CGROUP, 'cpu.weight'), 'utf8')).toBe('10000');
    expect(readFileSync(join(root, BENCH_CGROUP, 'cgroup.procs'), 'utf8')).toBe('4242');
  });

  it('makes no group where no CPU controller is mounted, and the report says so', () => {
    writeFileSync(join(root, 'cgroup.controllers'), 'memory pids\n');
    expect(joinCpuGroup(root, 4242)).toBeNull();
    expect(describeIsolation({ cgroup: null, nice: 0, notes: [`no CPU controller under ${root}`] })).toBe(
      `no CPU group, nice 0 (no CPU controller under ${root})`,
    );
  });
});
