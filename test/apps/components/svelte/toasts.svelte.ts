/** The app's toasts: a rune store (Bits UI has no toast), each gone after 5 s or when closed. */
export interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

export const toasts: Toast[] = $state([]);
let last = 0;

export function dismiss(id: number): void {
  const at = toasts.findIndex((t) => t.id === id);
  if (at >= 0) toasts.splice(at, 1);
}

export function toast(text: string, tone: Toast['tone']): void {
  const id = ++last;
  toasts.push({ id, text, tone });
  setTimeout(() => dismiss(id), 5000);
}
