import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags that make the main process favour memory over speed, and spend less CPU compiling.
 *
 * Why: a history export allocated some 25 KB of short-lived objects per record (streamed JSON, checked items,
 * CSV text; about 7 KB since its per-record work was cut, still enough to matter). With V8's default
 * heuristics the young generation then doubles to its maximum and promoted garbage piles up in the old
 * generation until a distant limit: RSS grew 41, 65 and 85 MB at 20,000, 200,000 and 1,000,000 records while
 * the live heap after a full collection stayed at about 12 MB. With these flags the heap limit follows the live
 * heap closely (every major collection reduces memory) and the young generation is not grown, so an export's
 * memory no longer depends on the history's size.
 *
 * - `--optimize-for-size`: the heap reads it at each collection (Heap::ShouldOptimizeForMemoryUsage).
 * - `--semi-space-growth-factor=1`: read each time the young generation would grow; 1 keeps its size.
 *   Newer V8 releases declare a minimum of 2 for it; where that is enforced on a run-time change the flag
 *   does nothing and the young generation may grow once (up to 16 MB), which the bench (Node's V8) cannot show.
 * - `--liftoff-only`: WebAssembly stays in V8's baseline compiler. `fetch` (undici) parses HTTP with llhttp
 *   compiled to WebAssembly; once it is hot, V8 recompiles it with TurboFan, which took 15-24 MB of anonymous
 *   memory for some 100-300 ms (measured in the bench's export child: the spike came with no JS running and
 *   no heap growth, and went away with this flag). In an export that spike lands at the start and was most of
 *   its peak growth. The price is slower HTTP parsing, small beside everything else done per byte read.
 * - `--no-turbo-inlining`: TurboFan compiles each hot function on its own rather than with the functions it
 *   calls inlined. An export's first records run through some 40 functions that become hot together; inlined,
 *   the per-record ones (the CSV cells, the record, the checks) made large graphs whose compiling took about
 *   290 ms of CPU in a 20,000-record export (V8's --trace-opt), a quarter of the export's CPU, on V8's worker
 *   threads that a busy machine does not have spare. Without inlining it took about 120 ms, and the export's
 *   CPU fell by about a tenth (median of 3 against 3 interleaved cold runs: 896 against 995 ms). Once
 *   everything is compiled a record costs about 7 % more, which the million-record export's time did not show
 *   (43.9-48.7 s against 45.1-48.8 s). Read at each compile.
 * - `--no-minor-gc-task`: the young generation is collected when it is full, not also by a task V8 posts once it
 *   is 80 % full. An export allocates steadily between its awaits, so the task ran nearly every collection early:
 *   in one run of the bench's 200,000-record export child, 725 of 845 scavenges were the task's. In two other
 *   runs, without it and with it, the child made 686 and 755; its CPU was 9.1 against 9.4 s (median of four
 *   interleaved runs). It saves CPU, not memory: the young generation keeps its size. Read each time V8 would
 *   post the task.
 *
 * The main process is I/O-bound (service calls, files, IPC): the price is a few more, smaller collections, and
 * hot code somewhat slower (the bench's 1,000-row payout check, run with `--optimize-for-size` and
 * `--no-turbo-inlining`: 59 against 53 ms).
 * Set at run time, which works because Node starts V8 with `--no-freeze-flags-after-init`, and so does
 * Electron's main process (shell/browser/javascript_environment.cc); the renderer is not affected.
 *
 * Not here, though it would cut an export's collections: a young generation sized for a page
 * (`--min-semi-space-size`, `--max-semi-space-size`). V8 reads those two once, when it sets up the heap, so
 * set at run time they change nothing; Electron's main process takes them only from `--js-flags` at launch,
 * which the app cannot pass to itself. Measured in the bench's 20,000-record export child (Node 20): with
 * `--min-semi-space-size=8` set at run time, 71 scavenges as without it (74); given on the command line, 4
 * and 8 MB gave 18 and 8 scavenges and some 7 and 10 % less CPU, and 8 MB twice the peak RSS growth.
 *
 * Nor in a worker thread: `resourceLimits.maxYoungGenerationSizeMb` does not undo `--optimize-for-size`, so a
 * worker's young generation stays as small as main's (58-59 scavenges at 20,000 records, as in main). Measured
 * with the export in a worker (main fetching, the worker checking and writing): its start with the export's
 * modules took 160-195 ms, its cold code more CPU than main's (690-1010 against 450-590 ms), and RSS grew 33-51
 * MB against 6-8 MB, past the export's 25 MB target at every size.
 *
 * Nor `--heap-growing-percent` in place of `--optimize-for-size`: at 10 it kept RSS growth at 200,000 records
 * at 20 MB (49 MB with neither) but took more CPU there than neither did (7.4 s against 6.3-6.8 s), and at
 * 20,000 records no less than `--optimize-for-size` (950-1040 against 900-1110 ms).
 */
export const MEMORY_FAVOURING_V8_FLAGS = [
  '--optimize-for-size',
  '--semi-space-growth-factor=1',
  '--liftoff-only',
  '--no-turbo-inlining',
  '--no-minor-gc-task',
] as const;

/** Called once as the main process starts (index.ts); the bench's export child calls it too. */
export function favourMemoryOverSpeed(): void {
  for (const flag of MEMORY_FAVOURING_V8_FLAGS) setFlagsFromString(flag);
}
