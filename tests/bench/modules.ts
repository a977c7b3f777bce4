import type { FigureModule } from './support/figure';
import { balancesPaint } from './balances-paint';
import { clientOverhead } from './client-overhead';
import { csvExport } from './csv-export';
import { growth } from './growth';
import { historyRender } from './history-render';
import { idleCost } from './idle-cost';
import { journalWrite } from './journal-write';
import { mainImport } from './main-import';
import { payoutCheck } from './payout-check';
import { presetExport } from './preset-export';
import { rendererMemory } from './renderer-memory';
import { rendererSize } from './renderer-size';
import { sandboxLatency } from './sandbox-latency';
import { settleRound } from './settle-round';
import { valueOverTime } from './value-over-time';
import { windowFirst } from './window-first';

// Cheapest and least noisy first; the browser figures last.
export const modules: readonly FigureModule[] = [
  rendererSize,
  journalWrite,
  mainImport,
  windowFirst,
  sandboxLatency,
  clientOverhead,
  settleRound,
  payoutCheck,
  csvExport,
  presetExport,
  balancesPaint,
  historyRender,
  valueOverTime,
  rendererMemory,
  idleCost,
  // Last: it seeds histories of up to a million records and exports each (about a minute or more).
  growth,
];
