import { writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

export interface GrowthPoint {
  /** Records in the account. */
  readonly records: number;
  /** Which curve: 'CSV export time (s)', 'CSV export peak RSS growth (MB)'... */
  readonly figure: string;
  readonly value: number;
  /** A second line within one chart (e.g. 'page 1' and 'last page'); one line when absent. */
  readonly series?: string;
}

/**
 * The growth curves as a PNG: one small chart per figure against the history's size (log scale), drawn by
 * Vega-Lite as SVG and rasterised by resvg, so a reader sees at a glance whether time grows in a straight
 * line and memory stays flat. The SVG is written beside it.
 */
export async function writeGrowthChart(points: readonly GrowthPoint[], pngPath: string): Promise<void> {
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Wallet Desk: history growth curves (npm run bench)',
    data: { values: points.map((point) => ({ series: 'measured', ...point })) },
    facet: { field: 'figure', type: 'nominal', title: null, header: { labelFontSize: 13 } },
    columns: 3,
    spec: {
      width: 260,
      height: 180,
      mark: { type: 'line', point: true },
      encoding: {
        x: {
          field: 'records',
          type: 'quantitative',
          // Linear, so time that grows in proportion to the records draws a straight line.
          axis: { title: 'records in the account', format: '~s' },
        },
        y: { field: 'value', type: 'quantitative', title: null, scale: { zero: true } },
        color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom' } },
      },
    },
    resolve: { scale: { y: 'independent' } },
    config: { font: 'DejaVu Sans', background: 'white' },
  };
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  const png = new Resvg(svg, { background: 'white', font: { loadSystemFonts: true } }).render().asPng();
  await writeFile(pngPath, png);
  await writeFile(pngPath.replace(/\.png$/, '.svg'), svg);
}
