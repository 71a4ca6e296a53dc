/**
 * Svelte 5 (runes) + Bits UI 2, the headless kit behind shadcn-svelte, composed as shadcn-svelte
 * composes it: a Select whose trigger is a button (role=combobox) and whose list is a portal at the
 * end of body, a typed Combobox over the 160 offices that opens on a key (not on a script's input
 * event), a checkbox group for Skills, a DateField of month, day and year segments (contenteditable
 * spinbuttons), a radio group, a span slider, button checkboxes and a switch, an accordion, tabs,
 * a table paged by Pagination with a DropdownMenu of row actions, an AlertDialog confirm, a Dialog
 * drawn as a drawer, and toasts from a small rune store (Bits UI has none). Compiled by the esbuild
 * Svelte plugin of test/helpers/components-site.ts, Bits UI's own .svelte files included. The header
 * counts the people online over server-sent events.
 */
import { mount } from 'svelte';
import App from './App.svelte';
import '../shared/headless.css';
import './style.css';

mount(App, { target: document.getElementById('app')! });
