/**
 * Vue 3 + Vuetify 4: the "New team member" form, the members table and a sign-in page (`#/sign-in`),
 * with the components as Vuetify's docs use them: text fields, a v-select, a v-autocomplete whose
 * menu is a virtual list (only the options in view are rendered) teleported to the overlay container
 * at the end of body, chips for the skills, a v-date-input typed as the locale shows dates
 * (mm/dd/yyyy), a v-data-table with its pager and a confirm v-dialog, a v-navigation-drawer with a
 * vertical stepper, v-snackbar answers (a polite status) and a v-file-input. The templates are
 * compiled in the page (Vue's full build, as in quasar/main.ts). Icons are Vuetify's mdi-svg set:
 * its aliases carry their own paths, and the two the app draws itself are defined below (the
 * @mdi/font and @mdi/js packages are not installed). The app bar counts the people online over a
 * websocket.
 */
import { createApp, onMounted, ref } from 'vue';
import { createVuetify } from 'vuetify';
import {
  VAlert,
  VApp,
  VAppBar,
  VAppBarTitle,
  VAutocomplete,
  VBtn,
  VCard,
  VCardActions,
  VCardText,
  VCardTitle,
  VCheckbox,
  VChip,
  VContainer,
  VDataTable,
  VDateInput,
  VDialog,
  VExpansionPanel,
  VExpansionPanels,
  VExpansionPanelText,
  VExpansionPanelTitle,
  VFileInput,
  VForm,
  VMain,
  VNavigationDrawer,
  VRadio,
  VRadioGroup,
  VSelect,
  VSlider,
  VSnackbar,
  VSpacer,
  VStepperVertical,
  VStepperVerticalItem,
  VSwitch,
  VTab,
  VTabs,
  VTabsWindow,
  VTabsWindowItem,
  VTextField,
  VTextarea,
} from 'vuetify/components';
import { aliases, mdi } from 'vuetify/iconsets/mdi-svg';
import 'vuetify/styles';
import {
  CONTRACTS,
  DEPARTMENTS,
  isoDay,
  isPhotoName,
  LOCATIONS,
  PHOTO_ERROR,
  SKILLS,
  watchOnline,
  xhr,
  type Member,
} from '../shared/team';

/** Material Design Icons paths (Apache 2.0) for the icons the app itself draws. */
const ICONS = {
  delete: 'svg:M19,4H15.5L14.5,3H9.5L8.5,4H5V6H19M6,19A2,2 0 0,0 8,21H16A2,2 0 0,0 18,19V7H6V19Z',
  checklist:
    'svg:M3,5H9V11H3V5M5,7V9H7V7H5M11,7H21V9H11V7M11,15H21V17H11V15M5,20L1.5,16.5L2.91,15.09L5,17.17L9.59,12.59L11,14L5,20Z',
};

const template = /* html */ `
<v-app>
  <v-app-bar color="primary">
    <v-app-bar-title>Team</v-app-bar-title>
    <v-chip v-if="online !== null" color="orange" variant="flat" class="mr-2">{{ online }} people online</v-chip>
    <v-btn :prepend-icon="icons.checklist" @click="drawer = !drawer">Onboarding checklist</v-btn>
  </v-app-bar>
  <v-navigation-drawer v-model="drawer" location="right" temporary width="360">
    <v-stepper-vertical v-model="step" flat>
      <v-stepper-vertical-item v-for="(title, i) in steps" :key="title" :value="i + 1" :title="title" :complete="step > i + 1">
        {{ texts[i] }}
        <template v-slot:actions>
          <v-btn color="primary" @click="step = i + 2">{{ i === steps.length - 1 ? 'Finish' : 'Next' }}</v-btn>
        </template>
      </v-stepper-vertical-item>
    </v-stepper-vertical>
    <div v-if="step > steps.length" class="pa-4">All steps completed</div>
  </v-navigation-drawer>
  <v-main>
    <v-container>
      <div v-if="route === 'sign-in'" style="max-width: 400px">
        <h1 class="text-h5 mb-4">Sign in</h1>
        <v-alert v-if="refusal" type="error" variant="tonal" class="mb-4" :text="refusal" />
        <p v-if="welcome">{{ welcome }}</p>
        <v-form v-else @submit.prevent="signIn">
          <v-text-field v-model="username" label="Username" />
          <v-text-field v-model="password" type="password" label="Password" />
          <v-btn type="submit" color="primary" :loading="signingIn">Sign in</v-btn>
        </v-form>
      </div>
      <template v-else>
        <v-tabs v-model="tab" color="primary">
          <v-tab value="add">Add member</v-tab>
          <v-tab value="members">Members</v-tab>
        </v-tabs>
        <v-tabs-window v-model="tab">
          <v-tabs-window-item value="add">
            <v-form @submit.prevent="submit" style="max-width: 560px" class="pt-4">
              <h1 class="text-h5 mb-4">New team member</h1>
              <v-text-field v-model="member.name" label="Name" />
              <v-text-field v-model="member.email" type="email" label="Email" />
              <v-select v-model="member.department" :items="departments" label="Department" />
              <v-autocomplete v-model="member.location" :items="locations" label="Location" clearable />
              <v-select v-model="member.skills" :items="skills" label="Skills" chips multiple />
              <v-date-input v-model="startDate" label="Start date" />
              <v-radio-group v-model="member.contract" label="Contract" inline>
                <v-radio v-for="c in contracts" :key="c" :label="c" :value="c" />
              </v-radio-group>
              <v-slider v-model="member.hours" label="Weekly hours" :min="0" :max="40" :step="1" thumb-label />
              <v-checkbox v-model="member.conduct" label="Accepts the code of conduct" />
              <v-switch v-model="member.active" label="Active" color="primary" />
              <v-expansion-panels class="mb-6">
                <v-expansion-panel>
                  <v-expansion-panel-title>Advanced</v-expansion-panel-title>
                  <v-expansion-panel-text>
                    <v-textarea v-model="member.notes" label="Notes" />
                  </v-expansion-panel-text>
                </v-expansion-panel>
              </v-expansion-panels>
              <v-file-input :model-value="photo" @update:model-value="choosePhoto" label="Photo" accept="image/*"
                :error-messages="photoRefused ? photoError : []" />
              <v-btn type="submit" color="primary" :loading="busy">Add member</v-btn>
            </v-form>
          </v-tabs-window-item>
          <v-tabs-window-item value="members">
            <v-data-table :headers="headers" :items="rows" item-value="name" :items-per-page="5"
              :items-per-page-options="[5]" density="compact">
              <template v-slot:item.actions="{ item }">
                <v-btn :icon="icons.delete" variant="text" size="small" :aria-label="'Remove ' + item.name" @click="asked = item.name" />
              </template>
            </v-data-table>
          </v-tabs-window-item>
        </v-tabs-window>
      </template>
      <v-dialog :model-value="asked !== null" @update:model-value="(open) => !open && (asked = null)" max-width="400">
        <v-card>
          <v-card-title>Remove member?</v-card-title>
          <v-card-text>{{ asked }} will lose access to every project.</v-card-text>
          <v-card-actions>
            <v-spacer />
            <v-btn @click="asked = null">Cancel</v-btn>
            <v-btn color="error" @click="remove">Remove</v-btn>
          </v-card-actions>
        </v-card>
      </v-dialog>
      <v-snackbar v-model="notice.open" :color="notice.color" :timeout="4000">{{ notice.text }}</v-snackbar>
    </v-container>
  </v-main>
</v-app>`;

const App = {
  template,
  setup() {
    const route = ref(location.hash === '#/sign-in' ? 'sign-in' : 'team');
    window.addEventListener('hashchange', () => (route.value = location.hash === '#/sign-in' ? 'sign-in' : 'team'));
    const online = ref<number | null>(null);
    onMounted(() => watchOnline((n) => (online.value = n)));
    const drawer = ref(false);
    const step = ref(1);
    const tab = ref('add');
    const busy = ref(false);
    const notice = ref({ open: false, color: 'success', text: '' });
    const say = (text: string, ok: boolean) => (notice.value = { open: true, color: ok ? 'success' : 'error', text });
    const member = ref({
      name: '',
      email: '',
      department: null as string | null,
      location: null as string | null,
      skills: [] as string[],
      contract: 'Full-time',
      hours: 40,
      conduct: false,
      active: false,
      notes: '',
    });
    const startDate = ref<Date | null>(null);
    const photo = ref<File | null>(null);
    const photoRefused = ref(false);
    // A file that is no PNG or JPEG is refused beside the field and not kept.
    const choosePhoto = (chosen: File | File[] | null) => {
      const file = Array.isArray(chosen) ? (chosen[0] ?? null) : chosen;
      photoRefused.value = file !== null && !isPhotoName(file.name);
      photo.value = photoRefused.value ? null : file;
    };
    const submit = async () => {
      busy.value = true;
      const m = member.value;
      const body: Member = {
        ...m,
        department: m.department ?? '',
        location: m.location ?? undefined,
        startDate: startDate.value ? isoDay(startDate.value) : undefined,
        photo: photo.value?.name,
      };
      const answer = await xhr('POST', '/api/members', body);
      busy.value = false;
      say(answer.ok ? 'Member added' : answer.message, answer.ok);
    };
    const rows = ref<Member[]>([]);
    onMounted(async () => (rows.value = ((await xhr('GET', '/api/members')).data as Member[]) ?? []));
    const headers = [
      { title: 'Name', key: 'name' },
      { title: 'Email', key: 'email' },
      { title: 'Department', key: 'department' },
      { title: 'Actions', key: 'actions', align: 'end', sortable: false },
    ];
    const asked = ref<string | null>(null);
    const remove = async () => {
      const name = asked.value ?? '';
      asked.value = null;
      const answer = await xhr('DELETE', `/api/members/${encodeURIComponent(name)}`);
      if (answer.ok) rows.value = rows.value.filter((r) => r.name !== name);
      say(answer.ok ? `${name} removed` : answer.message, answer.ok);
    };
    const username = ref('');
    const password = ref('');
    const refusal = ref('');
    const welcome = ref('');
    const signingIn = ref(false);
    const signIn = async () => {
      refusal.value = '';
      signingIn.value = true;
      const answer = await xhr('POST', '/api/sign-in', { username: username.value, password: password.value });
      signingIn.value = false;
      if (answer.ok) welcome.value = 'Welcome back, Ada';
      else refusal.value = answer.message;
    };
    return {
      icons: ICONS,
      route,
      online,
      drawer,
      step,
      steps: ['Laptop', 'Accounts', 'Buddy'],
      texts: ['Pick up your laptop at the front desk.', 'Sign in to mail and chat.', 'Meet your buddy.'],
      tab,
      busy,
      notice,
      member,
      startDate,
      photo,
      photoRefused,
      photoError: PHOTO_ERROR,
      choosePhoto,
      departments: DEPARTMENTS,
      locations: LOCATIONS,
      skills: SKILLS,
      contracts: CONTRACTS,
      submit,
      rows,
      headers,
      asked,
      remove,
      username,
      password,
      refusal,
      welcome,
      signingIn,
      signIn,
    };
  },
};

const vuetify = createVuetify({
  components: {
    VAlert,
    VApp,
    VAppBar,
    VAppBarTitle,
    VAutocomplete,
    VBtn,
    VCard,
    VCardActions,
    VCardText,
    VCardTitle,
    VCheckbox,
    VChip,
    VContainer,
    VDataTable,
    VDateInput,
    VDialog,
    VExpansionPanel,
    VExpansionPanels,
    VExpansionPanelText,
    VExpansionPanelTitle,
    VFileInput,
    VForm,
    VMain,
    VNavigationDrawer,
    VRadio,
    VRadioGroup,
    VSelect,
    VSlider,
    VSnackbar,
    VSpacer,
    VStepperVertical,
    VStepperVerticalItem,
    VSwitch,
    VTab,
    VTabs,
    VTabsWindow,
    VTabsWindowItem,
    VTextField,
    VTextarea,
  },
  icons: { defaultSet: 'mdi', aliases, sets: { mdi } },
});

createApp(App).use(vuetify).mount('#app');
