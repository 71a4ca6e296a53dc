/** Where the human text goes, and how it looks: a live view on a terminal, plain lines in CI. */
export class Output {
  private live = new Map<string, string>();
  private drawn = 0;
  constructor(
    private readonly stream: NodeJS.WriteStream,
    readonly mode: 'tty' | 'plain',
  ) {}
  line(text: string) {
    this.clear();
    this.stream.write(`${text}\n`);
    this.redraw();
  }
  /** One line per Run: its name, steps done/total and status. */
  progress(key: string, text: string) {
    if (this.live.get(key) === text) return;
    this.live.set(key, text);
    if (this.mode === 'plain') this.stream.write(`${text}\n`);
    else {
      this.clear();
      this.redraw();
    }
  }
  done() {
    this.drawn = 0;
    this.live.clear();
  }
  private clear() {
    if (this.mode === 'tty' && this.drawn) this.stream.write(`\x1b[${this.drawn}A\x1b[0J`);
    this.drawn = 0;
  }
  private redraw() {
    if (this.mode !== 'tty') return;
    for (const text of this.live.values()) this.stream.write(`${text}\n`);
    this.drawn = this.live.size;
  }
}
