// Charts as SVG drawn here, from the analytics answers: no chart library, nothing from a CDN. Colours
// come from classes in app.css (the CSP allows no inline style); each chart has a text alternative.
import { h } from './lib.js';

const KINDS = [['allowed', 'Allowed'], ['masked', 'Masked'], ['blocked', 'Blocked']];

function legend() {
  return h('ul', { class: 'legend' }, KINDS.map(([k, label]) => h('li', {}, h('span', { class: `swatch ${k}` }), label)));
}

/** Checks per day, stacked by decision. */
export function stackedChart(days) {
  const W = 720, H = 220, left = 36, bottom = 24, top = 10;
  const max = Math.max(1, ...days.map((d) => d.checks_total));
  const step = (W - left) / Math.max(1, days.length);
  const y = (v) => ((H - bottom - top) * v) / max;
  const bars = days.map((d, i) => {
    let base = H - bottom;
    const x = left + i * step + step * 0.15;
    const parts = KINDS.map(([k]) => {
      const height = y(d[k]);
      base -= height;
      return height > 0 ? h('rect', { x, y: base, width: step * 0.7, height, class: `bar ${k}` }) : null;
    });
    return h('g', {}, h('title', {}, `${d.date}: ${d.checks_total} checks (${d.allowed} allowed, ${d.masked} masked, ${d.blocked} blocked)`), parts);
  });
  const ticks = [0, max / 2, max].map((v) => h('g', {},
    h('line', { x1: left, x2: W, y1: H - bottom - y(v), y2: H - bottom - y(v), class: 'grid-line' }),
    h('text', { x: left - 4, y: H - bottom - y(v) + 4, class: 'axis', 'text-anchor': 'end' }, String(Math.round(v)))));
  const labelEvery = Math.ceil(days.length / 8);
  const dates = days.map((d, i) => (i % labelEvery === 0 ? h('text', { x: left + i * step + step / 2, y: H - 6, class: 'axis', 'text-anchor': 'middle' }, d.date.slice(5)) : null));
  const total = days.reduce((s, d) => s + d.checks_total, 0);
  return h('figure', {},
    h('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `${total} checks over ${days.length} days, by decision`, class: 'chart' }, ticks, bars, dates),
    legend());
}

/** The share of each decision over the period, as one bar. */
export function mixBar(totals) {
  const sum = totals.allowed + totals.masked + totals.blocked;
  const W = 720;
  let x = 0;
  const parts = KINDS.map(([k, label]) => {
    const width = sum ? (W * totals[k]) / sum : 0;
    const rect = width > 0 ? h('rect', { x, y: 0, width, height: 28, class: `bar ${k}` }, h('title', {}, `${label}: ${totals[k]}`)) : null;
    x += width;
    return rect;
  });
  const pct = (v) => (sum ? `${Math.round((100 * v) / sum)}%` : '0%');
  const text = KINDS.map(([k, label]) => `${label} ${totals[k]} (${pct(totals[k])})`).join(' · ');
  return h('figure', {},
    h('svg', { viewBox: `0 0 ${W} 28`, role: 'img', 'aria-label': text, class: 'chart mix' }, sum ? parts : h('rect', { x: 0, y: 0, width: W, height: 28, class: 'bar none' })),
    h('figcaption', {}, text));
}

/** Detections per type, most frequent first. */
export function barChart(types) {
  const W = 720, row = 26, labelW = 210;
  const max = Math.max(1, ...types.map((t) => t.count));
  const shown = types.slice(0, 15);
  const rows = shown.map((t, i) => h('g', {},
    h('text', { x: labelW - 8, y: i * row + 17, class: 'axis', 'text-anchor': 'end' }, t.label),
    h('rect', { x: labelW, y: i * row + 4, width: Math.max(2, ((W - labelW - 90) * t.count) / max), height: row - 8, class: 'bar detection' }),
    h('text', { x: labelW + ((W - labelW - 90) * t.count) / max + 6, y: i * row + 17, class: 'axis' }, `${t.count} (${t.percentage}%)`)));
  return h('figure', {},
    h('svg', { viewBox: `0 0 ${W} ${shown.length * row}`, role: 'img', 'aria-label': shown.map((t) => `${t.label} ${t.count}`).join(', '), class: 'chart' }, rows));
}
