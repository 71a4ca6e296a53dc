/**
 * The one byte range of a `Range: bytes=…` header (RFC 9110 §14.1.2) over a body of `size` bytes:
 * `{ start, end }` (inclusive), 'unsatisfiable', or undefined for no header, another unit or several
 * ranges (the whole body answers then, as the RFC allows). A video player asks for ranges to seek.
 * Hand-written: the one npm parser (range-parser) is only a dependency of a dependency here.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  const [, from, to] = match;
  if (!from) {
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (start >= size || (to && Number(to) < start)) return 'unsatisfiable';
  return { start, end };
}
