import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

// Only what the console draws, so the bundle carries no more of Chart.js than it uses.
ChartJs.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

/** Colours with at least 3:1 contrast on white, told apart by dashes as well as hue. */
export const PALETTE = ['#1a56db', '#b42318', '#067647', '#7a2e9e', '#b54708', '#0e7090', '#344054', '#c11574'];

/**
 * A chart drawn by Chart.js on a canvas, named for screen readers; the same numbers are in a table
 * beside it (`children`), so nothing is only a picture.
 */
export function Chart(props: { label: string; config: ChartConfiguration; children: ComponentChildren }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new ChartJs(canvas.current!, {
      ...props.config,
      options: { animation: false, maintainAspectRatio: false, responsive: true, ...props.config.options },
    });
    return () => chart.destroy();
  }, [props.config]);
  return (
    <figure class="chart">
      <figcaption>{props.label}</figcaption>
      <div class="chart-box">
        <canvas ref={canvas} role="img" aria-label={props.label} />
      </div>
      <details>
        <summary>The numbers as a table</summary>
        {props.children}
      </details>
    </figure>
  );
}
