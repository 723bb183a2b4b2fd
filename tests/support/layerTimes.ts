import { appendFileSync } from 'node:fs';
import { BaseSequencer, type Reporter, type TestModule, type TestRunEndReason, type TestSpecification } from 'vitest/node';

/** The five layers (vitest projects), in the order docs/tests.md lists them and a run takes them. */
export const LAYERS = ['unit', 'component', 'provider-contract', 'backend', 'e2e'];

const rank = (project: string) => (LAYERS.includes(project) ? LAYERS.indexOf(project) : LAYERS.length);

/** Each layer's files together, in the order of LAYERS (within a layer, vitest's own order: slowest first). */
export class LayerOrder extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return sorted.sort((a, b) => rank(a.project.name) - rank(b.project.name));
  }
}

/**
 * Prints how long each layer took once the run ends: from its first file's start to its last file's end; the
 * layer that starts the run is counted from the run's start (the servers of the global set-up start first).
 * Layers of one run follow each other (LayerOrder), so their times add up to the run's; `npm test` runs three
 * runs side by side (scripts/test.mjs), which gathers their lines from the file TEST_LAYER_TIMES names.
 */
export default class LayerTimes implements Reporter {
  private runStart = 0;
  private readonly spans = new Map<string, { start: number; end: number }>();

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>) {
    this.runStart = Date.now();
    this.spans.clear();
  }

  onTestModuleQueued(module: TestModule) {
    const name = module.project.name;
    if (!this.spans.has(name)) this.spans.set(name, { start: this.spans.size ? Date.now() : this.runStart, end: Date.now() });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (span) span.end = Date.now();
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason) {
    if (!this.spans.size || reason === 'interrupted') return;
    const seconds: Record<string, number> = {};
    for (const name of [...this.spans.keys()].sort((a, b) => rank(a) - rank(b))) {
      const span = this.spans.get(name)!;
      seconds[name] = Math.round((span.end - span.start) / 1000);
    }
    const line = Object.entries(seconds).map(([name, s]) => `${name} ${s} s`).join(' · ');
    process.stdout.write(`\n Layer times  ${line}\n\n`);
    if (process.env.TEST_LAYER_TIMES) appendFileSync(process.env.TEST_LAYER_TIMES, `${JSON.stringify(seconds)}\n`);
  }
}
