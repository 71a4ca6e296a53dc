/** What one page shows, read from playwright-core's ARIA snapshot: roles and accessible names, no values. */
export interface Control {
  role: string;
  name: string;
  /** A link's href, as the snapshot gives it. */
  url?: string;
}

export interface PageView {
  path: string;
  title: string;
  controls: Control[];
  /** Visible texts (headings, paragraphs, alerts, plain text), in page order. */
  texts: string[];
}

const LINE = /^(\s*)- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?::\s*(.*))?$/;
const FIELDS = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'switch', 'slider']);
const ACTIONS = new Set(['button', 'link', 'menuitem', 'tab']);
const TEXTS = new Set(['heading', 'paragraph', 'text', 'alert', 'status', 'cell', 'listitem', 'strong', 'emphasis']);

/** The controls and texts of an ARIA snapshot (`locator.ariaSnapshot()` in YAML form). */
export function readSnapshot(snapshot: string, path: string, title: string): PageView {
  const controls: Control[] = [];
  const texts: string[] = [];
  const lines = snapshot.split('\n');
  lines.forEach((line, i) => {
    const m = LINE.exec(line);
    if (!m) {
      const url = /^\s*- \/url: (.+)$/.exec(line)?.[1];
      const last = controls[controls.length - 1];
      if (url && last?.role === 'link' && !last.url) last.url = url.trim().replace(/^"|"$/g, '');
      return;
    }
    const [, , role, quoted, , rest] = m;
    const name = (quoted ?? '').replace(/\\(.)/g, '$1').trim();
    if (FIELDS.has(role) || ACTIONS.has(role)) {
      if (name) controls.push({ role, name });
    } else if (TEXTS.has(role)) {
      const text = (name || (rest ?? '').replace(/^"|"$/g, '')).trim();
      if (text && text.length <= 300) texts.push(text);
    }
    void i;
  });
  return { path, title, controls, texts };
}
