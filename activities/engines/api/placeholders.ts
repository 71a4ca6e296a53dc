/** `{{name}}` (a run variable) or `{{env.NAME}}` (a runtime value) at the start of the text. */
const placeholder = /^\{\{\s*(env\.)?([A-Za-z_][A-Za-z0-9_]{0,99})\s*\}\}/;

export interface Lookup {
  /** A captured run variable (any JSON value), or undefined when never captured. */
  variable(name: string): unknown;
  /** A runtime value, fetched just in time (and added to redaction by the caller). */
  value(name: string): Promise<string>;
}

/** Why a placeholder could not be filled, in words fit for a step's reason. */
export class PlaceholderError extends Error {
  readonly name = 'PlaceholderError';
}

async function resolve(match: RegExpExecArray, lookup: Lookup): Promise<unknown> {
  if (match[1]) return lookup.value(match[2]);
  const found = lookup.variable(match[2]);
  if (found === undefined) throw new PlaceholderError(`{{${match[2]}}} was never captured`);
  return found;
}

/** A path with its placeholders filled, each value URL-encoded as one segment's worth of text. */
export async function fillPath(path: string, lookup: Lookup): Promise<string> {
  let out = '';
  for (let i = 0; i < path.length;) {
    const m = path.startsWith('{{', i) ? placeholder.exec(path.slice(i)) : null;
    if (!m) {
      out += path[i++];
      continue;
    }
    out += encodeURIComponent(String(await resolve(m, lookup)));
    i += m[0].length;
  }
  return out;
}

/**
 * A JSON body with its placeholders filled. Inside a JSON string a value is inserted as string
 * text (escaped); outside, a captured value keeps its JSON type (`{"id": {{orderId}}}`).
 */
export async function fillJson(body: string, lookup: Lookup): Promise<string> {
  let out = '';
  let inString = false;
  for (let i = 0; i < body.length;) {
    const c = body[i];
    const m = c === '{' && body.startsWith('{{', i) ? placeholder.exec(body.slice(i)) : null;
    if (m) {
      const value = await resolve(m, lookup);
      out += inString ? JSON.stringify(String(value)).slice(1, -1) : JSON.stringify(value);
      i += m[0].length;
      continue;
    }
    if (inString && c === '\\') {
      out += body.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '"') inString = !inString;
    out += c;
    i++;
  }
  return out;
}

/** The run variables a text needs (`{{name}}`, not `{{env.NAME}}`). */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,99})\s*\}\}/g)].map((m) => m[1]);
}

/** Reads a JSON pointer (RFC 6901) from a parsed body; undefined when nothing is there. */
export function readPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
