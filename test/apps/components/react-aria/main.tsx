/** @jsxImportSource react */
/**
 * React + React Aria Components: the "New team member" form, the members table and a sign-in page
 * (`#/sign-in`), built from RAC's unstyled components as its docs' examples do (style.css beside this
 * file plays the app's own styles). Checkbox, switch and radio inputs are visually hidden inside
 * their labels; the start date is a segmented field (month, day, year spinbuttons); the Location
 * list is virtualized; notices are RAC toasts. The header counts the people online over a websocket.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Cell,
  Checkbox,
  CheckboxGroup,
  Column,
  ComboBox,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Disclosure,
  DisclosurePanel,
  FileTrigger,
  Form,
  Group,
  Heading,
  I18nProvider,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListLayout,
  Modal,
  ModalOverlay,
  Popover,
  Radio,
  RadioGroup,
  Row,
  Select,
  SelectValue,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  Switch,
  Tab,
  Table,
  TableBody,
  TableHeader,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Text,
  Virtualizer,
  type DateValue,
} from 'react-aria-components';
import {
  addMember,
  CONTRACTS,
  DEPARTMENTS,
  isPhotoName,
  listMembers,
  LOCATIONS,
  PHOTO_ERROR,
  removeMember,
  signIn,
  SKILLS,
  watchOnline,
  type Member,
} from '../shared/team';
import './style.css';

const toasts = new ToastQueue<{ title: string; tone: 'success' | 'error' }>();
const say = (title: string, tone: 'success' | 'error') => toasts.add({ title, tone }, { timeout: 5000 });

function Field({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
}) {
  return (
    <TextField value={value} onChange={onChange} type={type}>
      <Label>{label}</Label>
      <Input />
    </TextField>
  );
}

function NewMember() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [department, setDepartment] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [skills, setSkills] = useState<string[]>([]);
  const [start, setStart] = useState<DateValue | null>(null);
  const [contract, setContract] = useState('Full-time');
  const [hours, setHours] = useState(40);
  const [conduct, setConduct] = useState(false);
  const [active, setActive] = useState(false);
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState('');
  const [photoRefused, setPhotoRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  // A file that is no PNG or JPEG is refused beside the button and not kept.
  const choosePhoto = (files: FileList | null) => {
    const name = files?.[0]?.name ?? '';
    const ok = name === '' || isPhotoName(name);
    setPhoto(ok ? name : '');
    setPhotoRefused(!ok);
  };
  const submit = async () => {
    setBusy(true);
    const answer = await addMember({
      name,
      email,
      department: department ?? '',
      location: location ?? undefined,
      skills,
      startDate: start?.toString(),
      contract,
      hours,
      conduct,
      active,
      notes,
      photo: photo || undefined,
    });
    setBusy(false);
    if (answer.ok) say('Member added', 'success');
    else say(answer.message, 'error');
  };
  return (
    <Form className="form" onSubmit={(e) => e.preventDefault()}>
      <h1>New team member</h1>
      <Field label="Name" value={name} onChange={setName} />
      <Field label="Email" type="email" value={email} onChange={setEmail} />
      <Select selectedKey={department} onSelectionChange={(k) => setDepartment(k as string)}>
        <Label>Department</Label>
        <Button>
          <SelectValue />
          <span aria-hidden="true">▼</span>
        </Button>
        <Popover>
          <ListBox>
            {DEPARTMENTS.map((d) => (
              <ListBoxItem key={d} id={d}>
                {d}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <ComboBox selectedKey={location} onSelectionChange={(k) => setLocation(k as string | null)}>
        <Label>Location</Label>
        <div className="combo">
          <Input />
          <Button>▼</Button>
        </div>
        <Popover>
          <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: 32 }}>
            <ListBox items={LOCATIONS.map((l) => ({ id: l }))} className="virtual">
              {(item) => <ListBoxItem id={item.id}>{item.id}</ListBoxItem>}
            </ListBox>
          </Virtualizer>
        </Popover>
      </ComboBox>
      <CheckboxGroup value={skills} onChange={setSkills} className="inline">
        <Label>Skills</Label>
        {SKILLS.map((s) => (
          <Checkbox key={s} value={s}>
            <div className="box" aria-hidden="true" />
            {s}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <I18nProvider locale="en-US">
        <DatePicker value={start} onChange={setStart}>
          <Label>Start date</Label>
          <Group className="date">
            <DateInput>{(segment) => <DateSegment segment={segment} />}</DateInput>
            <Button>📅</Button>
          </Group>
          <Popover>
            <Dialog>
              <Calendar>
                <header>
                  <Button slot="previous">◀</Button>
                  <Heading />
                  <Button slot="next">▶</Button>
                </header>
                <CalendarGrid>{(date) => <CalendarCell date={date} />}</CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
      </I18nProvider>
      <RadioGroup value={contract} onChange={setContract} className="inline">
        <Label>Contract</Label>
        {CONTRACTS.map((c) => (
          <Radio key={c} value={c}>
            {c}
          </Radio>
        ))}
      </RadioGroup>
      <Slider value={hours} onChange={(v) => setHours(v as number)} minValue={0} maxValue={40}>
        <Label>Weekly hours</Label>
        <SliderOutput />
        <SliderTrack>
          <SliderThumb />
        </SliderTrack>
      </Slider>
      <Checkbox isSelected={conduct} onChange={setConduct}>
        <div className="box" aria-hidden="true" />
        Accepts the code of conduct
      </Checkbox>
      <Switch isSelected={active} onChange={setActive}>
        <div className="indicator" />
        Active
      </Switch>
      <Disclosure>
        <Heading level={3}>
          <Button slot="trigger">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path d="m8.25 4.5 7.5 7.5-7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Advanced
          </Button>
        </Heading>
        <DisclosurePanel>
          <TextField value={notes} onChange={setNotes}>
            <Label>Notes</Label>
            <TextArea />
          </TextField>
        </DisclosurePanel>
      </Disclosure>
      <div className="photo">
        <FileTrigger acceptedFileTypes={['image/*']} onSelect={choosePhoto}>
          <Button>Upload photo</Button>
        </FileTrigger>
        {photo && <Text>{photo}</Text>}
        {photoRefused && (
          <Text elementType="div" role="alert" className="field-error">
            {PHOTO_ERROR}
          </Text>
        )}
      </div>
      <Button className="primary" onPress={() => void submit()} isPending={busy}>
        Add member
      </Button>
    </Form>
  );
}

function Members() {
  const [rows, setRows] = useState<Member[]>([]);
  const [page, setPage] = useState(0);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => void listMembers().then(setRows), []);
  const pages = Math.max(1, Math.ceil(rows.length / 5));
  const remove = async (name: string) => {
    setAsked(null);
    const answer = await removeMember(name);
    if (answer.ok) {
      setRows((all) => all.filter((m) => m.name !== name));
      say(`${name} removed`, 'success');
    } else say(answer.message, 'error');
  };
  return (
    <>
      <Table aria-label="Members">
        <TableHeader>
          <Column isRowHeader>Name</Column>
          <Column>Email</Column>
          <Column>Department</Column>
          <Column>Actions</Column>
        </TableHeader>
        <TableBody items={rows.slice(page * 5, page * 5 + 5).map((m) => ({ ...m, id: m.name }))}>
          {(m) => (
            <Row>
              <Cell>{m.name}</Cell>
              <Cell>{m.email}</Cell>
              <Cell>{m.department}</Cell>
              <Cell>
                <Button aria-label={`Remove ${m.name}`} onPress={() => setAsked(m.name)}>
                  🗑
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <div className="paging">
        <Button isDisabled={page === 0} onPress={() => setPage(page - 1)}>
          Previous page
        </Button>
        <span>
          Page {page + 1} of {pages}
        </span>
        <Button isDisabled={page + 1 >= pages} onPress={() => setPage(page + 1)}>
          Next page
        </Button>
      </div>
      <ModalOverlay isOpen={asked !== null} onOpenChange={(open) => !open && setAsked(null)} isDismissable>
        <Modal>
          <Dialog role="alertdialog">
            <Heading slot="title">Remove member?</Heading>
            <p>{asked} will lose access to every project.</p>
            <div className="actions">
              <Button onPress={() => setAsked(null)}>Cancel</Button>
              <Button className="danger" onPress={() => void remove(asked ?? '')}>
                Remove
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

function SignIn() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState('');
  const [welcome, setWelcome] = useState('');
  const submit = async () => {
    setRefusal('');
    const answer = await signIn(username, password);
    if (answer.ok) setWelcome('Welcome back, Ada');
    else setRefusal(answer.message);
  };
  if (welcome) return <p>{welcome}</p>;
  return (
    <Form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1>Sign in</h1>
      {refusal && (
        <div role="alert" className="alert">
          {refusal}
        </div>
      )}
      <Field label="Username" value={username} onChange={setUsername} />
      <Field label="Password" type="password" value={password} onChange={setPassword} />
      <Button type="submit" className="primary">
        Sign in
      </Button>
    </Form>
  );
}

function App() {
  const [online, setOnline] = useState<number | null>(null);
  const [route, setRoute] = useState(location.hash);
  useEffect(() => watchOnline(setOnline), []);
  useEffect(() => {
    const changed = () => setRoute(location.hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return (
    <>
      <header className="bar">
        <strong>Team</strong>
        {online !== null && <span className="online">{online} people online</span>}
      </header>
      <main>
        {route === '#/sign-in' ? (
          <SignIn />
        ) : (
          <Tabs>
            <TabList aria-label="Team sections">
              <Tab id="add">Add member</Tab>
              <Tab id="members">Members</Tab>
            </TabList>
            <TabPanel id="add">
              <NewMember />
            </TabPanel>
            <TabPanel id="members">
              <Members />
            </TabPanel>
          </Tabs>
        )}
      </main>
      <ToastRegion queue={toasts}>
        {({ toast }) => (
          <Toast toast={toast} className={`toast ${toast.content.tone}`}>
            <ToastContent>
              <Text slot="title">{toast.content.title}</Text>
            </ToastContent>
            <Button slot="close">✕</Button>
          </Toast>
        )}
      </ToastRegion>
    </>
  );
}

createRoot(document.getElementById('app')!).render(<App />);
