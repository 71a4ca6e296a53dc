/** How long the button of `lateButton` takes to come once the page is first scrolled. */
export const LATE_BUTTON_MS = 5_000;

/**
 * Markup (for a page's body) of a button named `name` that comes late in the click step looking for
 * it, for a recovery and so a flaky pass: a lazy section that takes LATE_BUTTON_MS to come once the
 * visitor scrolls down to it. When the control a click names is still missing after a moment, the
 * runner scrolls the page (docs/runner.md), so the button appears 5.4 s or more into the click step:
 * past its first window (the step's 10 s over three attempts, 3.3 s), and with seconds of the 10 s
 * left to click it.
 *
 * Timed from the page load instead (a button 9 s after load), the click's windows moved by however
 * long the runner took between the load and the click (the navigate step's screenshot and records:
 * under a second on a quiet host, over 5 s on a loaded one), so the button came either within the
 * first window (no recovery) or too late to be clicked (the step unverified).
 */
export function lateButton(name: string): string {
  return `<div style="height: 3000px"></div>
<script>addEventListener('scroll', () => setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<button>${name}</button>'), ${LATE_BUTTON_MS}), { once: true })</script>`;
}
