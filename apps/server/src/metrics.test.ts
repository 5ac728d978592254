import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

// The Grafana dashboard (deploy/grafana-dashboard.json) and the table of metrics in docs/operations.md are
// kept true to the registry: a panel that names a metric the server does not define, or a metric missing
// from the table, fails here.

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

/** PromQL's functions, aggregations and keywords: every other name in an expression is a metric. */
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'by',
  'without',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'and',
  'or',
  'unless',
  'offset',
]);

/** The metric names an expression reads: label matchers, ranges, label lists and strings removed. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .map((m) => m[0])
    .filter((word) => !PROMQL_WORDS.has(word));
}

async function definedSeries(): Promise<Set<string>> {
  const metrics = createMetrics();
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(read('deploy/grafana-dashboard.json')) as {
    title: string;
    panels: Panel[];
    templating: { list: { name: string; type: string }[] };
  };
  const panels = dashboard.panels.filter((p) => p.type !== 'row');

  it('parses, and every panel reads metrics through the Prometheus data source variable', () => {
    expect(dashboard.title).toBe('Amiko');
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource' }),
    );
    expect(panels.length).toBeGreaterThanOrEqual(12);
    for (const panel of panels) {
      expect(panel.title, JSON.stringify(panel)).toBeTruthy();
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('names in every expression only metrics the server defines', async () => {
    const defined = await definedSeries();
    const used = new Set<string>();
    for (const panel of panels) {
      for (const { expr } of panel.targets ?? []) {
        const names = metricNamesIn(expr);
        expect(names.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of names) {
          expect(defined.has(name), `${panel.title}: ${name} is not a metric of the server`).toBe(true);
          used.add(name);
        }
      }
    }
    // What an on-call person looks at first.
    for (const name of [
      'amiko_trpc_procedure_duration_seconds_bucket',
      'amiko_trpc_procedure_duration_seconds_count',
      'amiko_socket_connections',
      'amiko_messages_stored_total',
      'amiko_message_send_refusals_total',
      'nodejs_eventloop_lag_p99_seconds',
      'amiko_db_query_duration_seconds_bucket',
      'amiko_signups_total',
      'amiko_directory_index_members',
    ])
      expect(used).toContain(name);
  });

  it('reads names out of expressions as PromQL means them', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, procedure) (rate(amiko_x_bucket{status=~"5..|rate"}[$__rate_interval])))',
      ),
    ).toEqual(['amiko_x_bucket']);
    expect(metricNamesIn('sum(a_total) / sum(b_total) > 0')).toEqual(['a_total', 'b_total']);
  });
});

describe('the operators’ guide', () => {
  it('lists every metric of Amiko’s own in its table (docs/operations.md)', async () => {
    const readme = read('docs/operations.md');
    const metrics = createMetrics();
    const own = (await metrics.registry.getMetricsAsJSON()).filter((m) => m.name.startsWith('amiko_'));
    expect(own.length).toBeGreaterThanOrEqual(13);
    for (const { name } of own) expect(readme).toContain(`| \`${name}\``);
  });
});
