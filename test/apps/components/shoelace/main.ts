/**
 * Shoelace (@shoelace-style/shoelace 2, Lit web components): the "New team member" form, the members
 * table and a sign-in page (`#/sign-in`), with the components as Shoelace's docs use them. Every
 * control draws its parts in an open shadow root: the label and the input of sl-input, the readonly
 * combobox input and listbox of sl-select (its sl-option elements stay in the light DOM, slotted),
 * the hidden checkbox input inside the label of sl-checkbox and sl-switch, the summary of sl-details,
 * the dialog panel of sl-dialog and sl-drawer, the role=alert part of sl-alert. Shoelace has no
 * combobox: Location is an sl-select over the 160 offices (a person scrolls it or types its first
 * letters). The form is a native form read with FormData, as Shoelace's form controls take part in
 * one. Notices are sl-alert toasts (`toast()`); the header counts the people online over a websocket.
 * The page is drawn with lit's `render`.
 */
import '@shoelace-style/shoelace/dist/themes/light.css';
import '@shoelace-style/shoelace/dist/components/alert/alert.js';
import '@shoelace-style/shoelace/dist/components/badge/badge.js';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import '@shoelace-style/shoelace/dist/components/details/details.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/drawer/drawer.js';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/range/range.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/switch/switch.js';
import '@shoelace-style/shoelace/dist/components/tab/tab.js';
import '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js';
import '@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js';
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js';
import '@shoelace-style/shoelace/dist/components/visually-hidden/visually-hidden.js';
import type SlAlert from '@shoelace-style/shoelace/dist/components/alert/alert.component.js';
import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js';
// The package's exports do not reach its assets (its docs have bundler users copy them): read from its folder.
import checkIcon from '../../../../node_modules/@shoelace-style/shoelace/dist/assets/icons/check2-circle.svg';
import dangerIcon from '../../../../node_modules/@shoelace-style/shoelace/dist/assets/icons/exclamation-octagon.svg';
import listIcon from '../../../../node_modules/@shoelace-style/shoelace/dist/assets/icons/list-check.svg';
import { html, nothing, render } from 'lit';
import {
  addMember,
  CONTRACTS,
  DEPARTMENTS,
  listMembers,
  LOCATIONS,
  pageOf,
  removeMember,
  signIn,
  SKILLS,
  watchOnline,
  type Member,
} from '../shared/team';
import './style.css';

// The icons the page draws, bundled from the package's own SVGs (the default library would fetch
// them from a base path). Shoelace's system icons (chevrons, close buttons) are inline already.
const ICONS: Record<string, string> = {
  'check2-circle': checkIcon,
  'exclamation-octagon': dangerIcon,
  'list-check': listIcon,
};
registerIconLibrary('default', { resolver: (name) => new URL(ICONS[name] ?? '', document.baseURI).href });

/** An sl-option value cannot hold spaces (a multiple select keeps its values space-separated). */
const optionValue = (text: string) => text.replaceAll(' ', '_');
const fromOptionValue = (value: string) => value.replaceAll('_', ' ');

const PHOTO_REFUSED = 'Only PNG or JPEG images can be uploaded';
const STEPS = [
  ['Laptop', 'Pick up your laptop at the front desk.'],
  ['Accounts', 'Sign in to mail and chat.'],
  ['Buddy', 'Meet your buddy.'],
];

const state = {
  online: null as number | null,
  busy: false,
  photo: '',
  photoRefused: false,
  rows: [] as Member[],
  page: 0,
  asked: null as string | null,
  drawer: false,
  step: 0,
  refusal: '',
  welcome: '',
};

/** Sets what changed and draws the page again. */
const update = (changes: Partial<typeof state>) => {
  Object.assign(state, changes);
  draw();
};

/** A toast, as Shoelace's docs make one: an sl-alert created, appended and shown with `toast()`. */
function toast(text: string, variant: 'success' | 'danger') {
  const alert = Object.assign(document.createElement('sl-alert') as SlAlert, {
    variant,
    closable: true,
    duration: 5000,
  });
  const icon = Object.assign(document.createElement('sl-icon'), {
    slot: 'icon',
    name: variant === 'success' ? 'check2-circle' : 'exclamation-octagon',
  });
  alert.append(icon, text);
  document.body.append(alert);
  void alert.toast();
}

async function submit(event: SubmitEvent) {
  event.preventDefault();
  const data = new FormData(event.target as HTMLFormElement);
  const text = (name: string) => String(data.get(name) ?? '');
  update({ busy: true });
  const member: Member & { photo?: string } = {
    name: text('name'),
    email: text('email'),
    department: text('department'),
    location: text('location') ? fromOptionValue(text('location')) : undefined,
    skills: data.getAll('skills').map(String),
    startDate: text('startDate') || undefined,
    contract: text('contract'),
    hours: Number(text('hours')),
    conduct: data.has('conduct'),
    active: data.has('active'),
    notes: text('notes'),
    photo: state.photo || undefined,
  };
  const answer = await addMember(member);
  update({ busy: false });
  toast(answer.ok ? 'Member added' : answer.message, answer.ok ? 'success' : 'danger');
}

function choosePhoto(event: Event) {
  const name = (event.target as HTMLInputElement).files?.[0]?.name ?? '';
  const refused = name !== '' && !/\.(png|jpe?g)$/i.test(name);
  if (refused) (event.target as HTMLInputElement).value = '';
  update({ photo: refused ? '' : name, photoRefused: refused });
}

const newMember = () => html`
  <form class="form" @submit=${submit}>
    <h1>New team member</h1>
    <sl-input label="Name" name="name"></sl-input>
    <sl-input label="Email" name="email" type="email"></sl-input>
    <sl-select label="Department" name="department" placeholder="Select a department">
      ${DEPARTMENTS.map((d) => html`<sl-option value=${d}>${d}</sl-option>`)}
    </sl-select>
    <sl-select label="Location" name="location" placeholder="Select a location" clearable>
      ${LOCATIONS.map((l) => html`<sl-option value=${optionValue(l)}>${l}</sl-option>`)}
    </sl-select>
    <sl-select label="Skills" name="skills" placeholder="Select skills" multiple clearable>
      ${SKILLS.map((s) => html`<sl-option value=${s}>${s}</sl-option>`)}
    </sl-select>
    <sl-input label="Start date" name="startDate" type="date"></sl-input>
    <sl-radio-group label="Contract" name="contract" value="Full-time">
      ${CONTRACTS.map((c) => html`<sl-radio value=${c}>${c}</sl-radio>`)}
    </sl-radio-group>
    <sl-range label="Weekly hours" name="hours" min="0" max="40" value="40"></sl-range>
    <sl-checkbox name="conduct">Accepts the code of conduct</sl-checkbox>
    <sl-switch name="active">Active</sl-switch>
    <sl-details summary="Advanced">
      <sl-textarea label="Notes" name="notes"></sl-textarea>
    </sl-details>
    <div class="photo">
      <label for="photo">Photo</label>
      <input id="photo" type="file" accept="image/*" @change=${choosePhoto} />
      ${state.photo ? html`<span>${state.photo}</span>` : nothing}
      ${state.photoRefused ? html`<div role="alert" class="error">${PHOTO_REFUSED}</div>` : nothing}
    </div>
    <sl-button type="submit" variant="primary" ?loading=${state.busy}>Add member</sl-button>
  </form>
`;

async function remove() {
  const name = state.asked ?? '';
  update({ asked: null });
  const answer = await removeMember(name);
  if (answer.ok) update({ rows: state.rows.filter((m) => m.name !== name) });
  toast(answer.ok ? `${name} removed` : answer.message, answer.ok ? 'success' : 'danger');
}

/** Only the element's own event: a component inside it (a select, a tooltip) sends one of the same name. */
const own = (then: () => void) => (event: Event) => event.target === event.currentTarget && then();

const members = () => {
  const last = Math.max(0, Math.ceil(state.rows.length / 5) - 1);
  return html`
    <table class="table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Email</th>
          <th>Department</th>
          <th><sl-visually-hidden>Actions</sl-visually-hidden></th>
        </tr>
      </thead>
      <tbody>
        ${pageOf(state.rows, state.page, 5).map(
          (m) => html`
            <tr>
              <td>${m.name}</td>
              <td>${m.email}</td>
              <td>${m.department}</td>
              <td>
                <sl-button size="small" variant="danger" outline @click=${() => update({ asked: m.name })}>
                  Remove<sl-visually-hidden> ${m.name}</sl-visually-hidden>
                </sl-button>
              </td>
            </tr>
          `,
        )}
      </tbody>
    </table>
    <div class="paging">
      <span>Page ${state.page + 1} of ${last + 1}</span>
      <sl-button size="small" ?disabled=${state.page === 0} @click=${() => update({ page: state.page - 1 })}>
        Previous
      </sl-button>
      <sl-button size="small" ?disabled=${state.page >= last} @click=${() => update({ page: state.page + 1 })}>
        Next
      </sl-button>
    </div>
    <sl-dialog
      label="Remove member?"
      .open=${state.asked !== null}
      @sl-after-hide=${own(() => update({ asked: null }))}
    >
      ${state.asked} will lose access to every project.
      <sl-button slot="footer" @click=${() => update({ asked: null })}>Cancel</sl-button>
      <sl-button slot="footer" variant="danger" @click=${() => void remove()}>Remove</sl-button>
    </sl-dialog>
  `;
};

const onboarding = () => html`
  <sl-drawer label="Onboarding checklist" .open=${state.drawer} @sl-after-hide=${own(() => update({ drawer: false }))}>
    <ol class="steps">
      ${STEPS.map(
        ([title, text], i) => html`
          <li class=${i === state.step ? 'current' : i < state.step ? 'done' : ''}>
            <strong>${title}</strong>${i === state.step ? html`<p>${text}</p>` : nothing}
          </li>
        `,
      )}
    </ol>
    ${
      state.step < STEPS.length
        ? html`<sl-button variant="primary" @click=${() => update({ step: state.step + 1 })}>
            ${state.step === STEPS.length - 1 ? 'Finish' : 'Next'}
          </sl-button>`
        : html`<p>All steps completed</p>`
    }
  </sl-drawer>
`;

async function signInSubmit(event: SubmitEvent) {
  event.preventDefault();
  const data = new FormData(event.target as HTMLFormElement);
  update({ refusal: '' });
  const answer = await signIn(String(data.get('username') ?? ''), String(data.get('password') ?? ''));
  update(answer.ok ? { welcome: 'Welcome back, Ada' } : { refusal: answer.message });
}

const signInPage = () =>
  state.welcome
    ? html`<p>${state.welcome}</p>`
    : html`
        <form class="form" @submit=${signInSubmit}>
          <h1>Sign in</h1>
          <sl-alert variant="danger" ?open=${state.refusal !== ''}>
            <sl-icon slot="icon" name="exclamation-octagon"></sl-icon>
            ${state.refusal}
          </sl-alert>
          <sl-input label="Username" name="username" autocomplete="username"></sl-input>
          <sl-input label="Password" name="password" type="password" password-toggle></sl-input>
          <sl-button type="submit" variant="primary">Sign in</sl-button>
        </form>
      `;

const view = () => html`
  <header class="bar">
    <strong>Team</strong>
    ${state.online !== null ? html`<sl-badge variant="neutral" pill>${state.online} people online</sl-badge>` : nothing}
    <sl-button variant="text" @click=${() => update({ drawer: true })}>
      <sl-icon slot="prefix" name="list-check"></sl-icon>
      Onboarding checklist
    </sl-button>
  </header>
  <main>
    ${
      location.hash === '#/sign-in'
        ? signInPage()
        : html`
            <sl-tab-group>
              <sl-tab slot="nav" panel="add">Add member</sl-tab>
              <sl-tab slot="nav" panel="members">Members</sl-tab>
              <sl-tab-panel name="add">${newMember()}</sl-tab-panel>
              <sl-tab-panel name="members">${members()}</sl-tab-panel>
            </sl-tab-group>
          `
    }
  </main>
  ${onboarding()}
`;

const root = document.getElementById('app')!;
const draw = () => render(view(), root);
window.addEventListener('hashchange', draw);
watchOnline((online) => update({ online }));
void listMembers().then((rows) => update({ rows }));
draw();
