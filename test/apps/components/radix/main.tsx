/** @jsxImportSource react */
/**
 * React + Radix primitives (the `radix-ui` package) and cmdk, composed as shadcn/ui composes them:
 * a label-for'd button combobox opening a cmdk list in a popover, a Radix select whose list is a
 * portal at the end of body, button checkboxes and switches (the native input is a hidden bubble
 * input), a span slider, an accordion, an alert dialog, a row-actions dropdown menu and Radix
 * toasts. The start date is a native date input, as shadcn forms often use. The header counts the
 * people online over server-sent events.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Accordion,
  AlertDialog,
  Checkbox,
  DropdownMenu,
  Label,
  Popover,
  RadioGroup,
  Select,
  Slider,
  Switch,
  Tabs,
  Toast,
} from 'radix-ui';
import { Command } from 'cmdk';
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

type Notice = { id: number; title: string; tone: 'success' | 'error' };
let noticeId = 0;

function LocationCombobox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button id="location" type="button" role="combobox" aria-expanded={open} className="outline wide">
          {value || 'Select location...'}
          <span aria-hidden="true">⇅</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" align="start">
          <Command>
            <Command.Input placeholder="Search location..." className="input" />
            <Command.List className="list">
              <Command.Empty>No location found.</Command.Empty>
              <Command.Group>
                {LOCATIONS.map((l) => (
                  <Command.Item
                    key={l}
                    value={l}
                    onSelect={(v) => {
                      onChange(v === value ? '' : v);
                      setOpen(false);
                    }}
                  >
                    {value === l ? '✓ ' : ''}
                    {l}
                  </Command.Item>
                ))}
              </Command.Group>
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NewMember({ notify }: { notify: (title: string, tone: Notice['tone']) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [department, setDepartment] = useState('');
  const [location, setLocation] = useState('');
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
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await addMember({
      name,
      email,
      department,
      location: location || undefined,
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
    notify(answer.ok ? 'Member added' : answer.message, answer.ok ? 'success' : 'error');
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <h1>New team member</h1>
      <div className="item">
        <Label.Root htmlFor="name">Name</Label.Root>
        <input id="name" className="input" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="item">
        <Label.Root htmlFor="email">Email</Label.Root>
        <input id="email" type="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="item">
        <Label.Root htmlFor="department">Department</Label.Root>
        <Select.Root value={department} onValueChange={setDepartment}>
          <Select.Trigger id="department" className="outline wide">
            <Select.Value placeholder="Select a department" />
            <Select.Icon>⌄</Select.Icon>
          </Select.Trigger>
          <Select.Portal>
            <Select.Content className="popover" position="popper">
              <Select.Viewport>
                {DEPARTMENTS.map((d) => (
                  <Select.Item key={d} value={d} className="option">
                    <Select.ItemText>{d}</Select.ItemText>
                  </Select.Item>
                ))}
              </Select.Viewport>
            </Select.Content>
          </Select.Portal>
        </Select.Root>
      </div>
      <div className="item">
        <Label.Root htmlFor="location">Location</Label.Root>
        <LocationCombobox value={location} onChange={setLocation} />
      </div>
      <fieldset className="item">
        <legend>Skills</legend>
        <div className="inline">
          {SKILLS.map((s) => (
            <div key={s} className="check">
              <Checkbox.Root
                id={`skill-${s}`}
                className="box"
                checked={skills.includes(s)}
                onCheckedChange={(on) => setSkills((all) => (on ? [...all, s] : all.filter((x) => x !== s)))}
              >
                <Checkbox.Indicator>✓</Checkbox.Indicator>
              </Checkbox.Root>
              <Label.Root htmlFor={`skill-${s}`}>{s}</Label.Root>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="item">
        <Label.Root htmlFor="start">Start date</Label.Root>
        <input id="start" type="date" className="input" value={start} onChange={(e) => setStart(e.target.value)} />
      </div>
      <div className="item">
        <Label.Root id="contract-label">Contract</Label.Root>
        <RadioGroup.Root
          className="inline"
          value={contract}
          onValueChange={setContract}
          aria-labelledby="contract-label"
        >
          {CONTRACTS.map((c) => (
            <div key={c} className="check">
              <RadioGroup.Item id={`contract-${c}`} value={c} className="radio">
                <RadioGroup.Indicator className="dot" />
              </RadioGroup.Item>
              <Label.Root htmlFor={`contract-${c}`}>{c}</Label.Root>
            </div>
          ))}
        </RadioGroup.Root>
      </div>
      <div className="item">
        <Label.Root id="hours-label">Weekly hours</Label.Root>
        <Slider.Root className="slider" value={[hours]} min={0} max={40} step={1} onValueChange={([v]) => setHours(v)}>
          <Slider.Track className="track">
            <Slider.Range className="range" />
          </Slider.Track>
          <Slider.Thumb className="thumb" aria-labelledby="hours-label" />
        </Slider.Root>
        <span className="muted">{hours} hours</span>
      </div>
      <div className="check">
        <Checkbox.Root id="conduct" className="box" checked={conduct} onCheckedChange={(on) => setConduct(on === true)}>
          <Checkbox.Indicator>✓</Checkbox.Indicator>
        </Checkbox.Root>
        <Label.Root htmlFor="conduct">Accepts the code of conduct</Label.Root>
      </div>
      <div className="check">
        <Switch.Root id="active" className="switch" checked={active} onCheckedChange={setActive}>
          <Switch.Thumb className="knob" />
        </Switch.Root>
        <Label.Root htmlFor="active">Active</Label.Root>
      </div>
      <Accordion.Root type="single" collapsible>
        <Accordion.Item value="advanced">
          <Accordion.Header className="accordion-header">
            <Accordion.Trigger className="accordion-trigger">
              Advanced <span aria-hidden="true">⌄</span>
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="item">
            <Label.Root htmlFor="notes">Notes</Label.Root>
            <textarea id="notes" className="input" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
      <div className="item">
        <Label.Root htmlFor="photo">Photo</Label.Root>
        <input id="photo" type="file" className="input" accept="image/*" onChange={(e) => choosePhoto(e.target)} />
        {photo && <p className="muted">{photo}</p>}
        {photoRefused && (
          <p role="alert" className="field-error">
            {PHOTO_ERROR}
          </p>
        )}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Please wait' : 'Add member'}
      </button>
    </form>
  );
}

function Members({ notify }: { notify: (title: string, tone: Notice['tone']) => void }) {
  const [rows, setRows] = useState<Member[]>([]);
  const [page, setPage] = useState(0);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => void listMembers().then(setRows), []);
  const remove = async (name: string) => {
    const answer = await removeMember(name);
    if (answer.ok) setRows((all) => all.filter((m) => m.name !== name));
    notify(answer.ok ? `${name} removed` : answer.message, answer.ok ? 'success' : 'error');
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
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(page * 5, page * 5 + 5).map((m) => (
            <tr key={m.name}>
              <td>{m.name}</td>
              <td>{m.email}</td>
              <td>{m.department}</td>
              <td>
                <DropdownMenu.Root>
                  <DropdownMenu.Trigger asChild>
                    <button className="ghost">
                      <span className="sr-only">Actions for {m.name}</span>⋯
                    </button>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content className="popover" align="end">
                      <DropdownMenu.Label className="muted">Actions</DropdownMenu.Label>
                      <DropdownMenu.Item
                        className="option"
                        onSelect={() => void navigator.clipboard?.writeText(m.email)}
                      >
                        Copy email
                      </DropdownMenu.Item>
                      <DropdownMenu.Separator />
                      <DropdownMenu.Item className="option" onSelect={() => setAsked(m.name)}>
                        Remove
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="paging">
        <button className="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <button className="outline" disabled={page >= last} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </div>
      <AlertDialog.Root open={asked !== null} onOpenChange={(open) => !open && setAsked(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Remove member?</AlertDialog.Title>
            <AlertDialog.Description>{asked} will lose access to every project.</AlertDialog.Description>
            <div className="actions">
              <AlertDialog.Cancel className="outline">Cancel</AlertDialog.Cancel>
              <AlertDialog.Action className="danger" onClick={() => void remove(asked ?? '')}>
                Remove
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

function App() {
  const [online, setOnline] = useState<number | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => watchOnline(setOnline, 'sse'), []);
  const notify = (title: string, tone: Notice['tone']) =>
    setNotices((all) => [...all, { id: ++noticeId, title, tone }]);
  return (
    <Toast.Provider swipeDirection="right" duration={5000}>
      <header className="bar">
        <strong>Team</strong>
        {online !== null && <span className="online">{online} people online</span>}
      </header>
      <main>
        <Tabs.Root defaultValue="add">
          <Tabs.List className="tabs" aria-label="Team sections">
            <Tabs.Trigger value="add">Add member</Tabs.Trigger>
            <Tabs.Trigger value="members">Members</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="add">
            <NewMember notify={notify} />
          </Tabs.Content>
          <Tabs.Content value="members">
            <Members notify={notify} />
          </Tabs.Content>
        </Tabs.Root>
      </main>
      {notices.map((n) => (
        <Toast.Root
          key={n.id}
          className={`toast ${n.tone}`}
          type={n.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && setNotices((all) => all.filter((x) => x.id !== n.id))}
        >
          <Toast.Title>{n.title}</Toast.Title>
          <Toast.Close aria-label="Close">✕</Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toasts" />
    </Toast.Provider>
  );
}

createRoot(document.getElementById('app')!).render(<App />);
