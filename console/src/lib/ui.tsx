import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from './api';
import { useCan } from './session';

/** State of one read: its value, its error, and a way to read again. */
export interface Loaded<T> {
  value: T | undefined;
  error: string | undefined;
  reload: () => void;
}

/** Reads once per change of `keys`, and again on reload(). */
export function useLoad<T>(read: () => Promise<T>, keys: unknown[]): Loaded<T> {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    read().then(
      (v) => current && (setValue(v), setError(undefined)),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [...keys, round]);
  return { value, error, reload: useCallback(() => setRound((r) => r + 1), []) };
}

/** What a view shows while its read is under way or failed. */
export function Pending({ loaded, what }: { loaded: Loaded<unknown>; what: string }) {
  if (loaded.error)
    return (
      <p role="alert" class="error">
        Could not read {what}: {loaded.error}
      </p>
    );
  return <p aria-busy="true">Reading {what}…</p>;
}

/**
 * A button for one change, offered only with the scope it needs: without it the button is
 * disabled and says which scope is missing. Its outcome is announced to screen readers: on
 * success `result`, the state the change made in a word or two ("Paused", "Pinned"); a refusal
 * with the API's reason.
 */
export function Action(props: {
  scope: string;
  label: string;
  /** What is true once the change is made, e.g. "Paused": the page's new state, not a log line. */
  result: string;
  run: () => Promise<unknown>;
  done?: () => void;
  confirm?: string;
}) {
  const can = useCan()(props.scope);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const click = async () => {
    if (props.confirm && !window.confirm(props.confirm)) return;
    setBusy(true);
    setMessage(undefined);
    try {
      // Read at the click: a button whose label follows the state (Pause, Resume) words its own result.
      const result = props.result;
      await props.run();
      setMessage({ ok: true, text: result });
      props.done?.();
    } catch (e) {
      setMessage({
        ok: false,
        text: `${props.label} failed: ${e instanceof ApiError ? forPeople(e.message) : String(e)}`,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button type="button" disabled={!can || busy} onClick={click} aria-describedby={can ? undefined : undefined}>
        {props.label}
      </button>
      {!can && <small class="muted"> needs {props.scope}</small>}
      <span role="status" class={message?.ok === false ? 'error' : 'muted'}>
        {message?.text ?? ''}
      </span>
    </span>
  );
}

export function Time({ ms }: { ms: number | undefined }) {
  if (!ms) return <span class="muted">–</span>;
  const d = new Date(ms);
  return <time dateTime={d.toISOString()}>{d.toLocaleString()}</time>;
}

export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * A suggestion or message as a person reads it in the console: without the part for scripts after
 * "By API:" (core/suggestion.ts) and without a route named inline (text stored before that form).
 */
export function forPeople(text: string): string {
  return text
    .replace(/\s*By API: [\s\S]*$/, '')
    .replace(/:?\s*\(?\b(?:GET|POST|PUT|PATCH|DELETE) \/api\/[^\s)]*\)?/g, '')
    .trim();
}

/** A status or verdict badge, in the specification's words (passing, failed, unverified, …). */
export function Status({ value }: { value: string | undefined }) {
  return <span class={`badge badge-${value ?? 'none'}`}>{value ?? '–'}</span>;
}

export function Section(props: { title: string; children: ComponentChildren }) {
  return (
    <section>
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}

/**
 * An id beside the name that labels a record: selectable monospace and a button that copies it,
 * so a person can paste it into a script or an issue, never read it as the label.
 */
export function CopyId({ id, what }: { id: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(id).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <span class="copy-id">
      <code>{id}</code>
      <button type="button" class="copy" onClick={copy} aria-label={`Copy the ${what} id ${id}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

/** Who did something, as the API names them ("key CI", a member), or their id when it names nobody. */
export const actor = (a: { by: string; byName?: string }) => a.byName ?? a.by;

/**
 * A table in a frame of its own that scrolls sideways when the table is wider than the page (no
 * column is cut off, the page never widens), focusable and named so a keyboard can scroll it.
 * `label` names the frame; the table is named by its `caption` (shown) or by `label`.
 */
export function Table(props: {
  label: string;
  caption?: string;
  headers: string[];
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={props.label}>
      <table aria-label={props.caption ? undefined : props.label} class={props.class}>
        {props.caption && <caption>{props.caption}</caption>}
        <thead>
          <tr>
            {props.headers.map((h) => (
              <th scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
