/** @jsxImportSource react */
/**
 * React + Headless UI (@headlessui/react 2): the "New team member" form and the members table with
 * its components as Tailwind UI uses them: a Listbox select and a virtualized Combobox anchored in
 * portals, span checkboxes and switches with Field labels, a RadioGroup, a Disclosure, a Dialog and
 * a Menu of row actions. Headless UI has no slider, date picker or toast: the app uses a native range
 * input, a native date input and its own toast (role=status). The header counts the people online
 * over a websocket.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button,
  Checkbox,
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Dialog,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Field,
  Fieldset,
  Input,
  Label,
  Legend,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
  Radio,
  RadioGroup,
  Switch,
  Tab,
  TabGroup,
  TabList,
  TabPanel,
  TabPanels,
  Textarea,
} from '@headlessui/react';
import {
  addMember,
  CONTRACTS,
  DEPARTMENTS,
  isPhotoName,
  listMembers,
  LOCATIONS,
  PHOTO_ERROR,
  removeMember,
  SKILLS,
  watchOnline,
  type Member,
} from '../shared/team';
import '../shared/headless.css';
import './style.css';

type Notice = { title: string; tone: 'success' | 'error' } | null;

function NewMember({ notify }: { notify: (n: Notice) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [department, setDepartment] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [skills, setSkills] = useState<string[]>([]);
  const [start, setStart] = useState('');
  const [contract, setContract] = useState('Full-time');
  const [hours, setHours] = useState(40);
  const [conduct, setConduct] = useState(false);
  const [active, setActive] = useState(false);
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState('');
  const [photoRefused, setPhotoRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  // A file that is no PNG or JPEG is refused beside the field and not kept.
  const choosePhoto = (input: HTMLInputElement) => {
    const name = input.files?.[0]?.name ?? '';
    const ok = name === '' || isPhotoName(name);
    setPhoto(ok ? name : '');
    setPhotoRefused(!ok);
    if (!ok) input.value = '';
  };
  const offices = query === '' ? LOCATIONS : LOCATIONS.filter((l) => l.toLowerCase().includes(query.toLowerCase()));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await addMember({
      name,
      email,
      department: department ?? '',
      location: location ?? undefined,
      skills,
      startDate: start || undefined,
      contract,
      hours,
      conduct,
      active,
      notes,
      photo: photo || undefined,
    });
    setBusy(false);
    notify(answer.ok ? { title: 'Member added', tone: 'success' } : { title: answer.message, tone: 'error' });
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <h1>New team member</h1>
      <Field className="field">
        <Label>Name</Label>
        <Input className="input" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field className="field">
        <Label>Email</Label>
        <Input className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field className="field">
        <Label>Department</Label>
        <Listbox value={department} onChange={setDepartment}>
          <ListboxButton className="input button">{department ?? 'Choose a department'}</ListboxButton>
          <ListboxOptions anchor="bottom start" className="options">
            {DEPARTMENTS.map((d) => (
              <ListboxOption key={d} value={d} className="option">
                {d}
              </ListboxOption>
            ))}
          </ListboxOptions>
        </Listbox>
      </Field>
      <Field className="field">
        <Label>Location</Label>
        <Combobox value={location} onChange={setLocation} onClose={() => setQuery('')} virtual={{ options: offices }}>
          <div className="combo">
            <ComboboxInput
              className="input"
              displayValue={(l: string | null) => l ?? ''}
              onChange={(e) => setQuery(e.target.value)}
            />
            <ComboboxButton className="chevron">⌄</ComboboxButton>
          </div>
          <ComboboxOptions anchor="bottom start" className="options virtual">
            {({ option }: { option: string }) => (
              <ComboboxOption value={option} className="option">
                {option}
              </ComboboxOption>
            )}
          </ComboboxOptions>
        </Combobox>
      </Field>
      <Fieldset className="field">
        <Legend>Skills</Legend>
        <div className="inline">
          {SKILLS.map((s) => (
            <Field key={s} className="check">
              <Checkbox
                className="box"
                checked={skills.includes(s)}
                onChange={(on) => setSkills((all) => (on ? [...all, s] : all.filter((x) => x !== s)))}
              >
                <span className="tick">✓</span>
              </Checkbox>
              <Label>{s}</Label>
            </Field>
          ))}
        </div>
      </Fieldset>
      <Field className="field">
        <Label>Start date</Label>
        <Input className="input" type="date" value={start} onChange={(e) => setStart(e.target.value)} />
      </Field>
      <Field className="field">
        <Label>Contract</Label>
        <RadioGroup value={contract} onChange={setContract} className="inline">
          {CONTRACTS.map((c) => (
            <Field key={c} className="check">
              <Radio value={c} className="radio">
                <span className="dot" />
              </Radio>
              <Label>{c}</Label>
            </Field>
          ))}
        </RadioGroup>
      </Field>
      <Field className="field">
        <Label>Weekly hours</Label>
        <Input type="range" min={0} max={40} value={hours} onChange={(e) => setHours(Number(e.target.value))} />
        <Description>{hours} hours a week</Description>
      </Field>
      <Field className="check">
        <Checkbox className="box" checked={conduct} onChange={setConduct}>
          <span className="tick">✓</span>
        </Checkbox>
        <Label>Accepts the code of conduct</Label>
      </Field>
      <Field className="check">
        <Switch className="switch" checked={active} onChange={setActive}>
          <span className="knob" />
        </Switch>
        <Label>Active</Label>
      </Field>
      <Disclosure>
        <DisclosureButton className="disclosure">
          Advanced <span aria-hidden="true">⌄</span>
        </DisclosureButton>
        <DisclosurePanel>
          <Field className="field">
            <Label>Notes</Label>
            <Textarea className="input" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
        </DisclosurePanel>
      </Disclosure>
      <Field className="field">
        <Label>Photo</Label>
        <Input type="file" accept="image/*" invalid={photoRefused} onChange={(e) => choosePhoto(e.target)} />
        {photo && <Description>{photo}</Description>}
        {photoRefused && (
          <Description role="alert" className="field-error">
            {PHOTO_ERROR}
          </Description>
        )}
      </Field>
      <Button type="submit" className="primary" disabled={busy}>
        Add member
      </Button>
    </form>
  );
}

function Members({ notify }: { notify: (n: Notice) => void }) {
  const [rows, setRows] = useState<Member[]>([]);
  const [page, setPage] = useState(0);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => void listMembers().then(setRows), []);
  const remove = async (name: string) => {
    setAsked(null);
    const answer = await removeMember(name);
    if (answer.ok) setRows((all) => all.filter((m) => m.name !== name));
    notify(answer.ok ? { title: `${name} removed`, tone: 'success' } : { title: answer.message, tone: 'error' });
  };
  const last = Math.ceil(rows.length / 5) - 1;
  return (
    <>
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Department</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.slice(page * 5, page * 5 + 5).map((m) => (
            <tr key={m.name}>
              <td>{m.name}</td>
              <td>{m.email}</td>
              <td>{m.department}</td>
              <td>
                <Menu>
                  <MenuButton className="ghost" aria-label={`Actions for ${m.name}`}>
                    ⋯
                  </MenuButton>
                  <MenuItems anchor="bottom end" className="options">
                    <MenuItem>
                      <button className="option" onClick={() => setAsked(m.name)}>
                        Remove
                      </button>
                    </MenuItem>
                  </MenuItems>
                </Menu>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="paging" aria-label="Pagination">
        <p>
          Showing {page * 5 + 1} to {Math.min(rows.length, page * 5 + 5)} of {rows.length} results
        </p>
        <Button className="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button className="outline" disabled={page >= last} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </nav>
      <Dialog open={asked !== null} onClose={() => setAsked(null)} className="dialog-root">
        <div className="overlay" aria-hidden="true" />
        <DialogPanel className="dialog">
          <DialogTitle>Remove member?</DialogTitle>
          <Description>{asked} will lose access to every project.</Description>
          <div className="actions">
            <Button className="outline" onClick={() => setAsked(null)}>
              Cancel
            </Button>
            <Button className="danger" onClick={() => void remove(asked ?? '')}>
              Remove
            </Button>
          </div>
        </DialogPanel>
      </Dialog>
    </>
  );
}

function App() {
  const [online, setOnline] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => watchOnline(setOnline), []);
  useEffect(() => {
    if (!notice) return;
    const gone = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(gone);
  }, [notice]);
  return (
    <>
      <header className="bar">
        <strong>Team</strong>
        {online !== null && <span className="online">{online} people online</span>}
      </header>
      <main>
        <TabGroup>
          <TabList className="tabs">
            <Tab>Add member</Tab>
            <Tab>Members</Tab>
          </TabList>
          <TabPanels>
            <TabPanel>
              <NewMember notify={setNotice} />
            </TabPanel>
            <TabPanel>
              <Members notify={setNotice} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </main>
      <div aria-live="assertive" className="toasts">
        {notice && (
          <div role="status" className={`toast ${notice.tone}`}>
            {notice.title}
            <button onClick={() => setNotice(null)} aria-label="Close">
              ✕
            </button>
          </div>
        )}
      </div>
    </>
  );
}

createRoot(document.getElementById('app')!).render(<App />);
