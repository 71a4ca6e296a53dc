import type { ScanFinding } from '../../workflows/contracts';

/** Per code, the findings kept in full; an archive with 10,000 bad names gets a few and a count. */
const KEPT_PER_CODE = 5;

/** Collects findings, folding repeats of one code into a trailing count. */
export class Findings {
  private readonly kept: ScanFinding[] = [];
  private readonly extra = new Map<string, { severity: ScanFinding['severity']; count: number }>();

  add(code: string, severity: ScanFinding['severity'], message: string): void {
    if (this.kept.filter((f) => f.code === code).length < KEPT_PER_CODE) {
      this.kept.push({ code, severity, message });
      return;
    }
    const more = this.extra.get(code) ?? { severity, count: 0 };
    more.count++;
    this.extra.set(code, more);
  }

  get hasError(): boolean {
    return this.kept.some((f) => f.severity === 'error');
  }

  list(): ScanFinding[] {
    const folded = [...this.extra].map(([code, { severity, count }]) => ({
      code,
      severity,
      message: `…and ${count} more like this.`,
    }));
    return [...this.kept, ...folded];
  }
}

/** Entry names come from the uploader: shown quoted, shortened, without control characters. */
export function quoted(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify(clean.length > 120 ? `${clean.slice(0, 117)}...` : clean);
}
