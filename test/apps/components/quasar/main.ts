/**
 * Vue 3 + Quasar: the "New team member" form, the members table and a sign-in page (`#/sign-in`),
 * with the components as Quasar's docs use them. The LoadingBar plugin keeps its `div.q-loading-bar`
 * in the page at rest and shows it while an XHR is under way; the header counts the people online
 * over a websocket; the Material Icons font draws icons from ligature text ("arrow_drop_down").
 */
import { createApp, ref, computed, onMounted } from 'vue';
import {
  ClosePopup,
  Dialog,
  LoadingBar,
  Notify,
  Quasar,
  useQuasar,
  QBadge,
  QBanner,
  QBtn,
  QCheckbox,
  QDate,
  QDrawer,
  QExpansionItem,
  QFile,
  QForm,
  QHeader,
  QIcon,
  QInput,
  QItem,
  QItemSection,
  QLayout,
  QOptionGroup,
  QPage,
  QPageContainer,
  QPopupProxy,
  QSelect,
  QSeparator,
  QSlider,
  QStep,
  QStepper,
  QStepperNavigation,
  QTab,
  QTabPanel,
  QTabPanels,
  QTable,
  QTabs,
  QTd,
  QToggle,
  QToolbar,
  QToolbarTitle,
} from 'quasar';
import '@quasar/extras/roboto-font/roboto-font.css';
import '@quasar/extras/material-icons/material-icons.css';
import 'quasar/dist/quasar.css';
import {
  CONTRACTS,
  DEPARTMENTS,
  isPhotoName,
  LOCATIONS,
  PHOTO_ERROR,
  SKILLS,
  watchOnline,
  xhr,
  type Member,
} from '../shared/team';

const template = /* html */ `
<q-layout view="hHh lpR fFf">
  <q-header elevated>
    <q-toolbar>
      <q-toolbar-title>Team</q-toolbar-title>
      <q-badge v-if="online !== null" color="orange" class="q-mr-md">{{ online }} people online</q-badge>
      <q-btn flat icon="checklist" label="Onboarding checklist" @click="drawer = !drawer" />
    </q-toolbar>
  </q-header>
  <q-drawer v-model="drawer" side="right" bordered :width="360" overlay>
    <q-stepper v-model="step" vertical flat animated>
      <q-step :name="1" title="Laptop" :done="step > 1">Pick up your laptop at the front desk.
        <q-stepper-navigation><q-btn color="primary" label="Next" @click="step = 2" /></q-stepper-navigation>
      </q-step>
      <q-step :name="2" title="Accounts" :done="step > 2">Sign in to mail and chat.
        <q-stepper-navigation><q-btn color="primary" label="Next" @click="step = 3" /></q-stepper-navigation>
      </q-step>
      <q-step :name="3" title="Buddy" :done="step > 3">Meet your buddy.
        <q-stepper-navigation><q-btn color="primary" label="Finish" @click="step = 4" /></q-stepper-navigation>
      </q-step>
    </q-stepper>
    <div v-if="step > 3" class="q-pa-md">All steps completed</div>
  </q-drawer>
  <q-page-container>
    <q-page padding>
      <div v-if="route === 'sign-in'" style="max-width: 400px">
        <h1 class="text-h5">Sign in</h1>
        <q-banner v-if="refusal" class="bg-red-1 text-negative q-mb-md" rounded>{{ refusal }}</q-banner>
        <div v-if="welcome" class="text-positive">{{ welcome }}</div>
        <q-form v-else @submit="signIn" class="q-gutter-md">
          <q-input filled v-model="username" label="Username" />
          <q-input filled v-model="password" type="password" label="Password" />
          <q-btn type="submit" color="primary" label="Sign in" />
        </q-form>
      </div>
      <template v-else>
      <q-tabs v-model="tab" align="left" class="text-primary">
        <q-tab name="add" label="Add member" />
        <q-tab name="members" label="Members" />
      </q-tabs>
      <q-separator />
      <q-tab-panels v-model="tab" animated>
        <q-tab-panel name="add">
          <h1 class="text-h5">New team member</h1>
          <q-form @submit="submit" class="q-gutter-md" style="max-width: 560px">
            <q-input filled v-model="member.name" label="Name" />
            <q-input filled v-model="member.email" type="email" label="Email" />
            <q-select filled v-model="member.department" :options="departments" label="Department" />
            <q-select filled v-model="member.location" :options="locations" label="Location"
              use-input input-debounce="0" @filter="filterLocations" clearable>
              <template v-slot:no-option><q-item><q-item-section class="text-grey">No results</q-item-section></q-item></template>
            </q-select>
            <q-select filled v-model="member.skills" :options="skills" label="Skills" multiple use-chips />
            <q-input filled v-model="member.startDate" label="Start date" mask="####/##/##" hint="YYYY/MM/DD">
              <template v-slot:append>
                <q-icon name="event" class="cursor-pointer">
                  <q-popup-proxy cover transition-show="scale" transition-hide="scale">
                    <q-date v-model="member.startDate">
                      <div class="row items-center justify-end"><q-btn v-close-popup label="Close" color="primary" flat /></div>
                    </q-date>
                  </q-popup-proxy>
                </q-icon>
              </template>
            </q-input>
            <div>
              <div class="text-body2 text-grey-8">Contract</div>
              <q-option-group v-model="member.contract" :options="contracts" type="radio" inline />
            </div>
            <div>
              <div class="text-body2 text-grey-8">Weekly hours</div>
              <q-slider v-model="member.hours" :min="0" :max="40" label aria-label="Weekly hours" />
            </div>
            <q-checkbox v-model="member.conduct" label="Accepts the code of conduct" />
            <q-toggle v-model="member.active" label="Active" />
            <q-expansion-item label="Advanced" icon="tune">
              <q-input filled v-model="member.notes" type="textarea" label="Notes" />
            </q-expansion-item>
            <q-file filled :model-value="photo" @update:model-value="choosePhoto" @rejected="refusePhoto"
              label="Photo" accept="image/*" :error="photoRefused" :error-message="photoError" />
            <q-btn type="submit" color="primary" label="Add member" :loading="busy" />
          </q-form>
        </q-tab-panel>
        <q-tab-panel name="members">
          <q-table title="Members" :rows="rows" :columns="columns" row-key="name"
            v-model:pagination="pagination" :rows-per-page-options="[5]">
            <template v-slot:body-cell-actions="props">
              <q-td :props="props">
                <q-btn flat round dense icon="delete" :aria-label="'Remove ' + props.row.name" @click="askRemove(props.row.name)" />
              </q-td>
            </template>
          </q-table>
        </q-tab-panel>
      </q-tab-panels>
      </template>
    </q-page>
  </q-page-container>
</q-layout>`;

const App = {
  template,
  setup() {
    const $q = useQuasar();
    const route = ref(location.hash === '#/sign-in' ? 'sign-in' : 'team');
    window.addEventListener('hashchange', () => (route.value = location.hash === '#/sign-in' ? 'sign-in' : 'team'));
    const online = ref<number | null>(null);
    onMounted(() => watchOnline((n) => (online.value = n)));
    const tab = ref('add');
    const drawer = ref(false);
    const step = ref(1);
    const busy = ref(false);
    const photo = ref<File | null>(null);
    const photoRefused = ref(false);
    // A file that is no PNG or JPEG is refused beside the field and not kept (QFile itself rejects
    // what its `accept` does not take, a text file; an image of another kind reaches choosePhoto).
    const choosePhoto = (file: File | null) => {
      photoRefused.value = file !== null && !isPhotoName(file.name);
      photo.value = photoRefused.value ? null : file;
    };
    const refusePhoto = () => {
      photoRefused.value = true;
      photo.value = null;
    };
    const member = ref({
      name: '',
      email: '',
      department: null as string | null,
      location: null as string | null,
      skills: [] as string[],
      startDate: '',
      contract: 'Full-time',
      hours: 40,
      conduct: false,
      active: false,
      notes: '',
    });
    const locations = ref(LOCATIONS);
    const filterLocations = (text: string, update: (fn: () => void) => void) =>
      update(() => (locations.value = LOCATIONS.filter((l) => l.toLowerCase().includes(text.toLowerCase()))));
    const submit = async () => {
      busy.value = true;
      const m = member.value;
      const body: Member = {
        ...m,
        department: m.department ?? '',
        location: m.location ?? undefined,
        startDate: m.startDate ? m.startDate.replaceAll('/', '-') : undefined,
        photo: photo.value?.name,
      };
      const answer = await xhr('POST', '/api/members', body);
      busy.value = false;
      if (answer.ok) Notify.create({ type: 'positive', message: 'Member added' });
      else Notify.create({ type: 'negative', message: answer.message });
    };
    const rows = ref<Member[]>([]);
    onMounted(async () => (rows.value = ((await xhr('GET', '/api/members')).data as Member[]) ?? []));
    const columns = [
      { name: 'name', label: 'Name', field: 'name', align: 'left' },
      { name: 'email', label: 'Email', field: 'email', align: 'left' },
      { name: 'department', label: 'Department', field: 'department', align: 'left' },
      { name: 'actions', label: 'Actions', field: 'name', align: 'right' },
    ];
    const pagination = ref({ page: 1, rowsPerPage: 5 });
    const askRemove = (name: string) =>
      $q
        .dialog({
          title: 'Remove member?',
          message: `${name} will lose access to every project.`,
          cancel: true,
          ok: { label: 'Remove', color: 'negative', flat: true },
        })
        .onOk(async () => {
          const answer = await xhr('DELETE', `/api/members/${encodeURIComponent(name)}`);
          if (answer.ok) {
            rows.value = rows.value.filter((r) => r.name !== name);
            Notify.create({ type: 'positive', message: `${name} removed` });
          } else Notify.create({ type: 'negative', message: answer.message });
        });
    const username = ref('');
    const password = ref('');
    const refusal = ref('');
    const welcome = ref('');
    const signIn = async () => {
      refusal.value = '';
      const answer = await xhr('POST', '/api/sign-in', { username: username.value, password: password.value });
      if (answer.ok) welcome.value = 'Welcome back, Ada';
      else refusal.value = answer.message;
    };
    return {
      route,
      online,
      tab,
      drawer,
      step,
      busy,
      photo,
      photoRefused,
      photoError: PHOTO_ERROR,
      choosePhoto,
      refusePhoto,
      member,
      departments: DEPARTMENTS,
      locations,
      skills: SKILLS,
      contracts: CONTRACTS.map((c) => ({ label: c, value: c })),
      filterLocations,
      submit,
      rows,
      columns,
      pagination,
      askRemove,
      username,
      password,
      refusal,
      welcome,
      signIn,
    };
  },
};

createApp(App)
  .use(Quasar, {
    plugins: { Dialog, LoadingBar, Notify },
    directives: { ClosePopup },
    components: {
      QBadge,
      QBanner,
      QBtn,
      QCheckbox,
      QDate,
      QDrawer,
      QExpansionItem,
      QFile,
      QForm,
      QHeader,
      QIcon,
      QInput,
      QItem,
      QItemSection,
      QLayout,
      QOptionGroup,
      QPage,
      QPageContainer,
      QPopupProxy,
      QSelect,
      QSeparator,
      QSlider,
      QStep,
      QStepper,
      QStepperNavigation,
      QTab,
      QTabPanel,
      QTabPanels,
      QTable,
      QTabs,
      QTd,
      QToggle,
      QToolbar,
      QToolbarTitle,
    },
    config: { loadingBar: { color: 'orange', size: '4px' } },
  })
  .mount('#app');
