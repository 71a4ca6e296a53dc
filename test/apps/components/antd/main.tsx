/** @jsxImportSource react */
/**
 * React 19 + Ant Design 6 (antd): the "New team member" form, the members table and a sign-in page
 * (`#/sign-in`), with the components as antd's docs use them: a vertical Form whose Form.Item
 * labels sit on top of their fields, Selects whose lists are virtual (only the options in view are
 * rendered, in a popup at the end of body, with a zero-sized listbox beside them for screen
 * readers), a DatePicker that takes typed dates as YYYY-MM-DD, a Collapse, Tabs, a paged Table whose
 * rows are removed through a Popconfirm, a Drawer with Steps, message toasts (role=alert) and an
 * Upload. Styles are antd's CSS-in-JS; the header counts the people online over a websocket.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Alert,
  App as AntApp,
  Button,
  Checkbox,
  Collapse,
  ConfigProvider,
  DatePicker,
  Drawer,
  Form,
  Input,
  Layout,
  Popconfirm,
  Radio,
  Select,
  Slider,
  Steps,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
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
  signIn,
  SKILLS,
  watchOnline,
  type Member,
} from '../shared/team';

/** How the Start date field shows and takes dates (cases.ts types them so). */
const DATE_FORMAT = 'YYYY-MM-DD';

const options = (values: string[]) => values.map((value) => ({ value, label: value }));

interface Values {
  name?: string;
  email?: string;
  department?: string;
  location?: string;
  skills?: string[];
  startDate?: Dayjs | null;
  contract: string;
  hours: number;
  conduct: boolean;
  active: boolean;
  notes?: string;
}

function NewMember() {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [photo, setPhoto] = useState<UploadFile[]>([]);
  const [photoRefused, setPhotoRefused] = useState(false);
  const submit = async (values: Values) => {
    setBusy(true);
    const answer = await addMember({
      name: values.name ?? '',
      email: values.email ?? '',
      department: values.department ?? '',
      location: values.location,
      skills: values.skills ?? [],
      startDate: values.startDate?.isValid() ? values.startDate.format(DATE_FORMAT) : undefined,
      contract: values.contract,
      hours: values.hours,
      conduct: values.conduct,
      active: values.active,
      notes: values.notes ?? '',
      photo: photo[0]?.name,
    });
    setBusy(false);
    if (answer.ok) void message.success('Member added');
    else void message.error(answer.message);
  };
  return (
    <Form
      form={form}
      name="member"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ contract: 'Full-time', hours: 40, conduct: false, active: false }}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Title level={3}>New team member</Typography.Title>
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
      <Form.Item label="Email" name="email">
        <Input type="email" />
      </Form.Item>
      <Form.Item label="Department" name="department">
        <Select placeholder="Select a department" options={options(DEPARTMENTS)} />
      </Form.Item>
      <Form.Item label="Location" name="location">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="Search a location"
          options={options(LOCATIONS)}
        />
      </Form.Item>
      <Form.Item label="Skills" name="skills">
        <Select mode="multiple" allowClear placeholder="Choose skills" options={options(SKILLS)} />
      </Form.Item>
      <Form.Item label="Start date" name="startDate">
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Contract" name="contract">
        <Radio.Group options={CONTRACTS} />
      </Form.Item>
      <Form.Item label="Weekly hours" name="hours">
        <Slider min={0} max={40} ariaLabelForHandle="Weekly hours" />
      </Form.Item>
      <Form.Item name="conduct" valuePropName="checked">
        <Checkbox>Accepts the code of conduct</Checkbox>
      </Form.Item>
      <Form.Item label="Active" name="active" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Collapse
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'advanced',
            label: 'Advanced',
            children: (
              <Form.Item label="Notes" name="notes" style={{ marginBottom: 0 }}>
                <Input.TextArea rows={3} />
              </Form.Item>
            ),
          },
        ]}
      />
      <Form.Item
        label="Photo"
        validateStatus={photoRefused ? 'error' : undefined}
        help={photoRefused ? <span role="alert">{PHOTO_ERROR}</span> : undefined}
      >
        <Upload
          accept="image/*"
          fileList={photo}
          // Nothing is uploaded: the chosen file's name goes with the form. A file that is no PNG or
          // JPEG is refused beside the button and not kept.
          beforeUpload={(file) => {
            const ok = isPhotoName(file.name);
            setPhotoRefused(!ok);
            setPhoto(ok ? [file] : []);
            return false;
          }}
          onRemove={() => setPhoto([])}
        >
          <Button icon={<UploadOutlined />}>Upload photo</Button>
        </Upload>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Add member
        </Button>
      </Form.Item>
    </Form>
  );
}

function Members() {
  const { message } = AntApp.useApp();
  const [rows, setRows] = useState<Member[]>([]);
  useEffect(() => void listMembers().then(setRows), []);
  const remove = async (name: string) => {
    const answer = await removeMember(name);
    if (answer.ok) {
      setRows((all) => all.filter((m) => m.name !== name));
      void message.success(`${name} removed`);
    } else void message.error(answer.message);
  };
  return (
    <Table<Member>
      rowKey="name"
      size="small"
      dataSource={rows}
      pagination={{ pageSize: 5 }}
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Email', dataIndex: 'email' },
        { title: 'Department', dataIndex: 'department' },
        {
          title: 'Actions',
          key: 'actions',
          align: 'right',
          render: (_, m) => (
            <Popconfirm
              title="Remove member?"
              description={`${m.name} will lose access to every project.`}
              okText="Remove"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => remove(m.name)}
            >
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${m.name}`} />
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

function Onboarding({ open, onClose }: { open: boolean; onClose: () => void }) {
  const steps = ['Laptop', 'Accounts', 'Buddy'];
  const [step, setStep] = useState(0);
  return (
    <Drawer title="Onboarding checklist" placement="right" open={open} onClose={onClose}>
      <Steps orientation="vertical" current={step} items={steps.map((title) => ({ title }))} />
      {step < steps.length ? (
        <Button type="primary" onClick={() => setStep(step + 1)}>
          {step === steps.length - 1 ? 'Finish' : 'Next'}
        </Button>
      ) : (
        <Typography.Paragraph>All steps completed</Typography.Paragraph>
      )}
    </Drawer>
  );
}

function SignIn() {
  const [refusal, setRefusal] = useState('');
  const [welcome, setWelcome] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async ({ username, password }: { username?: string; password?: string }) => {
    setRefusal('');
    setBusy(true);
    const answer = await signIn(username ?? '', password ?? '');
    setBusy(false);
    if (answer.ok) setWelcome('Welcome back, Ada');
    else setRefusal(answer.message);
  };
  if (welcome) return <Typography.Paragraph>{welcome}</Typography.Paragraph>;
  return (
    <Form name="sign-in" layout="vertical" style={{ maxWidth: 400 }} onFinish={(values) => void submit(values)}>
      <Typography.Title level={3}>Sign in</Typography.Title>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form.Item label="Username" name="username">
        <Input />
      </Form.Item>
      <Form.Item label="Password" name="password">
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Sign in
      </Button>
    </Form>
  );
}

function App() {
  const [online, setOnline] = useState<number | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [route, setRoute] = useState(location.hash);
  useEffect(() => watchOnline(setOnline), []);
  useEffect(() => {
    const changed = () => setRoute(location.hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <Typography.Title level={4} style={{ color: '#fff', margin: 0, flex: 1 }}>
          Team
        </Typography.Title>
        {online !== null && <Tag color="orange">{online} people online</Tag>}
        <Button ghost onClick={() => setDrawer(true)}>
          Onboarding checklist
        </Button>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        {route === '#/sign-in' ? (
          <SignIn />
        ) : (
          <Tabs
            items={[
              { key: 'add', label: 'Add member', children: <NewMember /> },
              { key: 'members', label: 'Members', children: <Members /> },
            ]}
          />
        )}
      </Layout.Content>
      <Onboarding open={drawer} onClose={() => setDrawer(false)} />
    </Layout>
  );
}

createRoot(document.getElementById('app')!).render(
  <ConfigProvider>
    <AntApp>
      <App />
    </AntApp>
  </ConfigProvider>,
);
