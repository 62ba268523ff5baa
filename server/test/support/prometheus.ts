// Reads Prometheus's text exposition format back (what a scraper would see), for the metrics tests.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** family name -> TYPE */
  types: Map<string, string>;
  /** The one sample with this name and exactly these labels among its own, else undefined. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      types.set(name, type);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[2]) {
      LABEL.lastIndex = 0;
      let consumed = 0;
      for (let l = LABEL.exec(m[2]); l; l = LABEL.exec(m[2])) {
        labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
        consumed = LABEL.lastIndex;
      }
      if (consumed !== m[2].length) throw new Error(`bad labels: ${line}`);
    }
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    if (Number.isNaN(value) && m[3] !== 'NaN') throw new Error(`bad value: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  const same = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);
  return {
    samples,
    types,
    value(name, labels = {}) {
      const found = samples.filter((s) => s.name === name && same(s.labels, labels));
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
  };
}
