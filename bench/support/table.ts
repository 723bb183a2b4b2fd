import { cpus, freemem, totalmem, release, type } from 'node:os';

/** One line of the bench's table: a figure, its budget when it has one, PASS or MISS. */
export interface Line {
  section: string;
  figure: string;
  value: string;
  budget?: string;
  /** true PASS, false MISS, undefined: no budget (a figure for comparison). */
  pass?: boolean;
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : 'n/a');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function machine(database: string): string {
  const cpu = cpus();
  return [
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}`,
    `${(totalmem() / 2 ** 30).toFixed(1)} GB RAM (${(freemem() / 2 ** 30).toFixed(1)} GB free)`,
    `${type()} ${release()}`,
    `Node ${process.version}`,
    `database ${database}`,
  ].join(', ');
}

/** The table as Markdown (docs/performances.md, « Chiffres actuels »). */
export function markdown(lines: Line[], header: string[]): string {
  const out = [...header, '', '| Section | Mesure | Valeur | Budget | Résultat |', '| --- | --- | --- | --- | --- |'];
  for (const l of lines) out.push(`| ${l.section} | ${l.figure} | ${l.value} | ${l.budget ?? ''} | ${l.pass === undefined ? '' : l.pass ? 'PASS' : 'MISS'} |`);
  return out.join('\n');
}
