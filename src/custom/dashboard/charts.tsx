import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

/**
 * The dashboard's two chart shapes, drawn in SVG: horizontal bars and a line with its
 * area. MUI X Charts cost 100 KB gzipped on the dashboard (d3 scales, shapes, gestures, its
 * tooltip and zoom machinery) for three static figures of a handful of points; these few lines
 * draw the same, sized to their card, colours from the theme for the text. The figures stay
 * readable as text for screen readers (the cards' summaries): the drawings are aria-hidden.
 */

export const CHART_HEIGHT = 240;
const FONT = 12;
const AXIS = 20;

/**
 * The width of the box the chart fills (its card), following it when it changes. A ResizeObserver
 * tells it after the browser's own layout (reading clientWidth in a layout effect would force one
 * layout per chart during the first render); without one (tests), the width is read once.
 */
function useWidth(fallback = 360) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      if (el.clientWidth > 0) setWidth(el.clientWidth);
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry.contentRect.width);
      if (next > 0) setWidth(next);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Round ticks from 0 to at least `max` (1, 2 or 5 times a power of ten), about `count` of them. */
export function ticksUpTo(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

function useChartColours() {
  const theme = useTheme();
  return { text: theme.palette.text.secondary, grid: theme.palette.divider };
}

export interface Bar {
  label: string;
  value: number;
  color: string;
}

/** Horizontal bars: a label on the left, a bar scaled to the largest tick, the value at its end. */
export function BarsChart({ bars, labelWidth }: { bars: Bar[]; labelWidth: number }) {
  const { ref, width } = useWidth();
  const colours = useChartColours();
  const ticks = ticksUpTo(Math.max(0, ...bars.map((b) => b.value)));
  const top = ticks[ticks.length - 1];
  const left = labelWidth;
  const right = width - 8;
  const plot = CHART_HEIGHT - AXIS - 4;
  const band = plot / Math.max(1, bars.length);
  const thickness = Math.min(28, band * 0.7);
  const x = (v: number) => left + ((right - left) * v) / top;
  return (
    <Box ref={ref} sx={{ width: '100%', height: CHART_HEIGHT, overflow: 'hidden' }}>
      <svg width={width} height={CHART_HEIGHT} aria-hidden="true" focusable="false" style={{ display: 'block', fontSize: FONT, fontFamily: 'inherit' }}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={4} y2={4 + plot} stroke={colours.grid} />
            <text x={x(t)} y={CHART_HEIGHT - 4} textAnchor={t === top ? 'end' : 'middle'} fill={colours.text}>
              {t}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const y = 4 + band * i + (band - thickness) / 2;
          return (
            <g key={b.label}>
              <text x={left - 6} y={y + thickness / 2} dominantBaseline="central" textAnchor="end" fill={colours.text}>
                {clip(b.label, labelWidth)}
              </text>
              <rect x={left} y={y} width={Math.max(0, x(b.value) - left)} height={thickness} rx={3} fill={b.color} />
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/** A label shortened to what fits its column (about 6.5 px a character at 12 px), ending with "…". */
function clip(label: string, width: number) {
  const fits = Math.floor((width - 8) / 6.5);
  return label.length <= fits ? label : `${label.slice(0, Math.max(1, fits - 1))}…`;
}

export interface Point {
  /** The tick's text under the axis. */
  tick: string;
  value: number;
}

/** A line over its shaded area, one point a period; ticks thinned out when they would overlap. */
export function LineAreaChart({ points, color }: { points: Point[]; color: string }) {
  const { ref, width } = useWidth();
  const colours = useChartColours();
  const ticks = ticksUpTo(Math.max(0, ...points.map((p) => p.value)));
  const top = ticks[ticks.length - 1];
  const left = 8 + String(top).length * 7 + 6;
  const right = width - 16;
  const plotTop = 8;
  const plotBottom = CHART_HEIGHT - AXIS - 4;
  const x = (i: number) => (points.length < 2 ? (left + right) / 2 : left + ((right - left) * i) / (points.length - 1));
  const y = (v: number) => plotBottom - ((plotBottom - plotTop) * v) / top;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join('');
  const area = points.length ? `${line}L${x(points.length - 1).toFixed(1)},${plotBottom}L${x(0).toFixed(1)},${plotBottom}Z` : '';
  const longest = Math.max(1, ...points.map((p) => p.tick.length)) * 7 + 8;
  const every = Math.max(1, Math.ceil((longest * points.length) / Math.max(1, right - left)));
  return (
    <Box ref={ref} sx={{ width: '100%', height: CHART_HEIGHT, overflow: 'hidden' }}>
      <svg width={width} height={CHART_HEIGHT} aria-hidden="true" focusable="false" style={{ display: 'block', fontSize: FONT, fontFamily: 'inherit' }}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke={colours.grid} />
            <text x={left - 6} y={y(t)} dominantBaseline="central" textAnchor="end" fill={colours.text}>
              {t}
            </text>
          </g>
        ))}
        <path d={area} fill={color} fillOpacity={0.18} />
        <path d={line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
        {points.map((p, i) => (
          <g key={`${p.tick}-${i}`}>
            <circle cx={x(i)} cy={y(p.value)} r={3} fill={color} />
            {(points.length - 1 - i) % every === 0 && (
              <text x={x(i)} y={CHART_HEIGHT - 4} textAnchor={i === 0 && points.length > 1 ? 'start' : i === points.length - 1 && points.length > 1 ? 'end' : 'middle'} fill={colours.text}>
                {p.tick}
              </text>
            )}
          </g>
        ))}
      </svg>
    </Box>
  );
}
