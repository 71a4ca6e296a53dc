/** @jsxImportSource react */
/**
 * React + MUI (@mui/material, @mui/x-date-pickers): the "New team member" form and the members
 * table, written as the MUI docs show each component. At rest a LinearProgress stays in the page,
 * hidden by its Fade; the app bar counts the people online over a websocket.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CssBaseline from '@mui/material/CssBaseline';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import Fade from '@mui/material/Fade';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Dayjs } from 'dayjs';
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

type Notice = { severity: 'success' | 'error'; text: string } | null;

function NewMember({
  busy,
  setBusy,
  notify,
}: {
  busy: boolean;
  setBusy: (b: boolean) => void;
  notify: (n: Notice) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [department, setDepartment] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [skills, setSkills] = useState<string[]>([]);
  const [start, setStart] = useState<Dayjs | null>(null);
  const [contract, setContract] = useState('Full-time');
  const [hours, setHours] = useState(40);
  const [conduct, setConduct] = useState(false);
  const [active, setActive] = useState(false);
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState('');
  const [photoRefused, setPhotoRefused] = useState(false);
  // A file that is no PNG or JPEG is refused beside the button and not kept.
  const choosePhoto = (input: HTMLInputElement) => {
    const name = input.files?.[0]?.name ?? '';
    const ok = name === '' || isPhotoName(name);
    setPhoto(ok ? name : '');
    setPhotoRefused(!ok);
    if (!ok) input.value = '';
  };

  const submit = async () => {
    setBusy(true);
    const answer = await addMember({
      name,
      email,
      department,
      location: location ?? undefined,
      skills,
      startDate: start?.isValid() ? start.format('YYYY-MM-DD') : undefined,
      contract,
      hours,
      conduct,
      active,
      notes,
      photo: photo || undefined,
    });
    setBusy(false);
    notify(answer.ok ? { severity: 'success', text: 'Member added' } : { severity: 'error', text: answer.message });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }} component="form" onSubmit={(e) => e.preventDefault()}>
      <Typography variant="h5" component="h1">
        New team member
      </Typography>
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required />
      <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      <TextField select label="Department" value={department} onChange={(e) => setDepartment(e.target.value)}>
        {DEPARTMENTS.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={LOCATIONS}
        value={location}
        onChange={(_, value) => setLocation(value)}
        renderInput={(params) => <TextField {...params} label="Location" />}
      />
      <Autocomplete
        multiple
        options={SKILLS}
        value={skills}
        onChange={(_, value) => setSkills(value)}
        renderInput={(params) => <TextField {...params} label="Skills" />}
      />
      <DatePicker label="Start date" value={start} onChange={setStart} />
      <FormControl>
        <FormLabel id="contract-label">Contract</FormLabel>
        <RadioGroup row aria-labelledby="contract-label" value={contract} onChange={(e) => setContract(e.target.value)}>
          {CONTRACTS.map((c) => (
            <FormControlLabel key={c} value={c} control={<Radio />} label={c} />
          ))}
        </RadioGroup>
      </FormControl>
      <Box>
        <Typography id="hours-label" gutterBottom>
          Weekly hours
        </Typography>
        <Slider
          aria-labelledby="hours-label"
          value={hours}
          min={0}
          max={40}
          valueLabelDisplay="auto"
          onChange={(_, value) => setHours(value as number)}
        />
      </Box>
      <FormGroup>
        <FormControlLabel
          control={<Checkbox checked={conduct} onChange={(e) => setConduct(e.target.checked)} />}
          label="Accepts the code of conduct"
        />
        <FormControlLabel
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
          label="Active"
        />
      </FormGroup>
      <Accordion>
        <AccordionSummary>
          <Typography component="span">Advanced</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <TextField label="Notes" multiline fullWidth value={notes} onChange={(e) => setNotes(e.target.value)} />
        </AccordionDetails>
      </Accordion>
      <Box>
        <Button component="label" variant="outlined">
          Upload photo
          <input hidden type="file" accept="image/*" onChange={(e) => choosePhoto(e.target)} />
        </Button>
        {photo && <Typography>{photo}</Typography>}
        {photoRefused && (
          <FormHelperText error role="alert">
            {PHOTO_ERROR}
          </FormHelperText>
        )}
      </Box>
      <Button variant="contained" onClick={() => void submit()} disabled={busy}>
        Add member
      </Button>
    </Stack>
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
    notify(answer.ok ? { severity: 'success', text: `${name} removed` } : { severity: 'error', text: answer.message });
  };
  return (
    <>
      <Table size="small" aria-label="Members">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Department</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(page * 5, page * 5 + 5).map((m) => (
            <TableRow key={m.name}>
              <TableCell>{m.name}</TableCell>
              <TableCell>{m.email}</TableCell>
              <TableCell>{m.department}</TableCell>
              <TableCell align="right">
                <Tooltip title="Remove">
                  <IconButton aria-label={`Remove ${m.name}`} onClick={() => setAsked(m.name)}>
                    ✕
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={5}
        rowsPerPageOptions={[5]}
        onPageChange={(_, p) => setPage(p)}
      />
      <Dialog open={asked !== null} onClose={() => setAsked(null)}>
        <DialogTitle>Remove member?</DialogTitle>
        <DialogContent>
          <DialogContentText>{asked} will lose access to every project.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)}>Cancel</Button>
          <Button color="error" onClick={() => void remove(asked ?? '')}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Onboarding({ open, onClose }: { open: boolean; onClose: () => void }) {
  const steps = ['Laptop', 'Accounts', 'Buddy'];
  const [step, setStep] = useState(0);
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box sx={{ width: 360, p: 2 }}>
        <Typography variant="h6">Onboarding checklist</Typography>
        <Stepper activeStep={step} orientation="vertical">
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step < steps.length ? (
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => setStep(step + 1)}>
            {step === steps.length - 1 ? 'Finish' : 'Next'}
          </Button>
        ) : (
          <Typography sx={{ mt: 2 }}>All steps completed</Typography>
        )}
      </Box>
    </Drawer>
  );
}

function App() {
  const [tab, setTab] = useState(0);
  const [busy, setBusy] = useState(false);
  const [online, setOnline] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [drawer, setDrawer] = useState(false);
  useEffect(() => watchOnline(setOnline), []);
  const panel = (index: number, children: ReactNode) => (
    <div role="tabpanel" hidden={tab !== index} id={`panel-${index}`} aria-labelledby={`tab-${index}`}>
      {tab === index && <Box sx={{ p: 3 }}>{children}</Box>}
    </div>
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            Team
          </Typography>
          {online !== null && <Chip color="secondary" label={`${online} people online`} />}
          <Button color="inherit" onClick={() => setDrawer(true)}>
            Onboarding checklist
          </Button>
        </Toolbar>
        <Fade in={busy} style={{ transitionDelay: busy ? '300ms' : '0ms' }} unmountOnExit={false}>
          <LinearProgress color="secondary" />
        </Fade>
      </AppBar>
      <Tabs value={tab} onChange={(_, t: number) => setTab(t)} aria-label="Team sections">
        <Tab label="Add member" id="tab-0" aria-controls="panel-0" />
        <Tab label="Members" id="tab-1" aria-controls="panel-1" />
      </Tabs>
      {panel(0, <NewMember busy={busy} setBusy={setBusy} notify={setNotice} />)}
      {panel(1, <Members notify={setNotice} />)}
      <Onboarding open={drawer} onClose={() => setDrawer(false)} />
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)}>
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </LocalizationProvider>
  );
}

createRoot(document.getElementById('app')!).render(<App />);
