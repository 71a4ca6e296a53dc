/**
 * What every component-library app of the corpus shares: the choices its controls offer and the
 * calls to the tiny API of test/helpers/components-site.ts. Bundled into each app by esbuild.
 */

export const DEPARTMENTS = ['Engineering', 'Design', 'Sales', 'Support'];
export const CONTRACTS = ['Full-time', 'Part-time', 'Contractor'];
export const SKILLS = ['TypeScript', 'Go', 'Python', 'SQL', 'Figma', 'Negotiation'];

/** 160 offices, enough that a list which renders only what is in view (virtual scroll) leaves most out. */
export const LOCATIONS = (() => {
  const cities = [
    'Amsterdam',
    'Athens',
    'Auckland',
    'Austin',
    'Bangalore',
    'Barcelona',
    'Berlin',
    'Bogotá',
    'Boston',
    'Brussels',
    'Budapest',
    'Buenos Aires',
    'Cairo',
    'Cape Town',
    'Chicago',
    'Copenhagen',
    'Dakar',
    'Dublin',
    'Edinburgh',
    'Helsinki',
    'Hong Kong',
    'Istanbul',
    'Jakarta',
    'Kyiv',
    'Lagos',
    'Lima',
    'Lisbon',
    'London',
    'Madrid',
    'Manila',
    'Melbourne',
    'Mexico City',
    'Milan',
    'Montreal',
    'Mumbai',
    'Nairobi',
    'Oslo',
    'Paris',
    'Prague',
    'Reykjavík',
    'Riga',
    'Rome',
    'San Francisco',
    'Santiago',
    'São Paulo',
    'Seoul',
    'Singapore',
    'Stockholm',
    'Sydney',
    'Taipei',
    'Tallinn',
    'Tokyo',
    'Toronto',
    'Vancouver',
    'Vienna',
    'Vilnius',
    'Warsaw',
    'Wellington',
    'Zagreb',
    'Zurich',
  ];
  const offices = cities.flatMap((city) => [city, `${city} North`, `${city} South`]).slice(0, 160);
  return offices.sort((a, b) => a.localeCompare(b));
})();

export interface Member {
  name: string;
  email: string;
  department: string;
  location?: string;
  skills?: string[];
  /** yyyy-mm-dd */
  startDate?: string;
  contract?: string;
  hours?: number;
  conduct?: boolean;
  active?: boolean;
  notes?: string;
  /** The chosen photo's file name (a PNG or JPEG); absent when none. */
  photo?: string;
}

export type Answer = { ok: true } | { ok: false; message: string };

/** What the page says beside the Photo control when the chosen file is no PNG or JPEG (it keeps no photo then). */
export const PHOTO_ERROR = 'Only PNG or JPEG images can be uploaded';
/** Whether a chosen file's name is one the Photo control keeps: a .png, .jpg or .jpeg. */
export const isPhotoName = (name: string) => /\.(png|jpe?g)$/i.test(name);

/** What a person is told when the server fails without saying why. */
export const SERVER_TROUBLE = 'Something went wrong. Please try again.';

async function answerOf(response: Response): Promise<Answer> {
  if (response.ok) return { ok: true };
  if (response.status >= 500) return { ok: false, message: SERVER_TROUBLE };
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return { ok: false, message: body.error ?? SERVER_TROUBLE };
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const addMember = async (member: Member) => answerOf(await post('/api/members', member));
export const signIn = async (username: string, password: string) =>
  answerOf(await post('/api/sign-in', { username, password }));
export const removeMember = async (name: string) =>
  answerOf(await fetch(`/api/members/${encodeURIComponent(name)}`, { method: 'DELETE' }));
export const listMembers = async (): Promise<Member[]> => (await fetch('/api/members')).json();

/** The same calls over XMLHttpRequest, as apps built on axios make them (Quasar's loading bar watches XHR). */
export function xhr(method: string, path: string, body?: unknown): Promise<Answer & { data?: unknown }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.setRequestHeader('content-type', 'application/json');
    request.onload = () => {
      let data: { error?: string } | undefined;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = undefined;
      }
      if (request.status < 300) resolve({ ok: true, data });
      else if (request.status >= 500) resolve({ ok: false, message: SERVER_TROUBLE });
      else resolve({ ok: false, message: data?.error ?? SERVER_TROUBLE });
    };
    request.onerror = () => resolve({ ok: false, message: SERVER_TROUBLE });
    request.send(body === undefined ? null : JSON.stringify(body));
  });
}

/**
 * Keeps the page connected as real dashboards are: a websocket (or, with `sse`, server-sent events)
 * pushing how many people are online every second; reconnects when dropped.
 */
export function watchOnline(onCount: (count: number) => void, transport: 'ws' | 'sse' = 'ws'): void {
  if (transport === 'sse') {
    const source = new EventSource('/api/events');
    source.onmessage = (event) => onCount((JSON.parse(event.data) as { online: number }).online);
    return;
  }
  const connect = () => {
    const socket = new WebSocket(`ws://${location.host}/ws`);
    socket.onmessage = (event) => onCount((JSON.parse(String(event.data)) as { online: number }).online);
    socket.onclose = () => setTimeout(connect, 1000);
  };
  connect();
}

/** yyyy-mm-dd of a date's calendar day, whatever the time zone. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Which members a table shows on `page` (0-based) at `size` a page. */
export const pageOf = <T>(rows: T[], page: number, size: number) => rows.slice(page * size, page * size + size);
