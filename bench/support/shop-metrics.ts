/** The shop's Prometheus metrics, for a shop started with METRICS=true. */
export type Metrics = (name: string, labels?: string) => number;

/** Reads /metrics once: `value('name')` or `value('name', 'outcome="hit"')`; NaN when the shop has no such line. */
export async function scrapeMetrics(base: string): Promise<Metrics> {
  const lines = (await (await fetch(`${base}/metrics`)).text()).split('\n');
  return (name, labels) => {
    const prefix = labels === undefined ? `${name} ` : `${name}{${labels}} `;
    const line = lines.find((l) => l.startsWith(prefix));
    return Number(line?.slice(prefix.length) ?? Number.NaN);
  };
}

/** CPU seconds the shop's process has used so far. */
export async function shopCpuSeconds(base: string): Promise<number> {
  return (await scrapeMetrics(base))('kshop_node_process_cpu_seconds_total');
}
