import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { retentionActivities } from '../../activities/retention';
import { signedTracePath } from '../../api/runs/trace-links';
import { signedVideoPath, VIDEO_LINK_TTL_MS } from '../../api/runs/video-links';
import { call, createOrg, key, newCase, runNewCase } from '../helpers/app';
import { followRun, useRunStack } from '../helpers/runs';
import { rest } from '../helpers/rest';

const SECRET = 'Video-Passw0rd';

/** Debian's ffprobe and ffmpeg (the ffmpeg package `npm test` installs) read what the API serves. */
const probe = (file: string) =>
  JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration,format_name:stream=codec_name', '-of', 'json', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as { format: { duration: string; format_name: string }; streams: Array<{ codec_name: string }> };

/** How many of the video's frames are mostly the echo page's red, the colour it turns once typed into. */
function redFrames(file: string): number {
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vf', 'scale=16:10', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const frame = 16 * 10 * 3;
  let red = 0;
  for (let at = 0; at + frame <= raw.length; at += frame) {
    let pixels = 0;
    for (let p = at; p < at + frame; p += 3) if (raw[p]! > 200 && raw[p + 1]! < 80 && raw[p + 2]! < 80) pixels++;
    if (pixels > 80) red++;
  }
  return red;
}

/**
 * Issue 77, point 5: a web Run that asks for a video records one, stored and linked as its trace is:
 * organization only, through a short-lived link, never from a report link, gone with retention. The
 * video stops before the Run's first secret enters the browser, so no frame shows one.
 */
describe('runs (issue 77): a Run’s video', function () {
  this.timeout(300_000);
  const s = useRunStack(SECRET);
  const dir = mkdtempSync(join(tmpdir(), 'run-video-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const echo = (value: Record<string, string>) => [
    { action: 'navigate', target: '/echo' },
    { action: 'fill', target: 'Colour word', valueSpec: value },
  ];
  const videoLink = (runId: string, credential: string | null) =>
    fetch(`${s.app.url}/api/runs/${runId}/video`, {
      headers: credential ? { Authorization: `Bearer ${credential}` } : {},
    });
  /** The Run's video through its link, saved to a file for ffprobe. */
  async function download(runId: string): Promise<string> {
    const link = await videoLink(runId, s.org.apiKey);
    assert.equal(link.status, 200);
    const { url, expiresAt } = await link.json();
    assert.ok(expiresAt - Date.now() <= 5 * 60_000 + 1000, 'the link is short-lived');
    const res = await fetch(new URL(url, s.app.url));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'video/webm');
    const file = join(dir, `${runId}.webm`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }

  let shown: string;
  before(async () => {
    shown = await runNewCase(
      s,
      { name: 'Echo a word', steps: echo({ kind: 'literal', text: 'tomato' }) },
      { environmentSlug: 'local', video: true },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, shown)).state.status, 'passing');
  });

  it('a Run with video on gets a playable WebM of what the page did', async () => {
    const file = await download(shown);
    const { format, streams } = probe(file);
    assert.match(format.format_name, /webm/);
    assert.equal(streams[0]?.codec_name, 'vp9');
    assert.ok(Number(format.duration) > 0, `duration ${format.duration}`);
    // The control for the secret test below: typing a plain word turns the page red on video.
    assert.ok(redFrames(file) > 0, 'the typed word shows in the video');
  });

  it('answers byte ranges, so a player can seek', async () => {
    const { url } = await (await videoLink(shown, s.org.apiKey)).json();
    const whole = Buffer.from(await (await fetch(new URL(url, s.app.url))).arrayBuffer());
    const part = await fetch(new URL(url, s.app.url), { headers: { Range: 'bytes=10-19' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 10-19/${whole.length}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), whole.subarray(10, 20));
    const tail = await fetch(new URL(url, s.app.url), { headers: { Range: 'bytes=-5' } });
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), whole.subarray(whole.length - 5));
    const beyond = await fetch(new URL(url, s.app.url), { headers: { Range: `bytes=${whole.length}-` } });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers.get('content-range'), `bytes */${whole.length}`);
  });

  it('a Run without the option records none', async () => {
    const runId = await runNewCase(
      s,
      { name: 'Echo, no video', steps: echo({ kind: 'literal', text: 'tomato' }) },
      { environmentSlug: 'local' },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'passing');
    const res = await videoLink(runId, s.org.apiKey);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).code, 'NOT_FOUND');
  });

  it("the case's setting records one; a trigger's video: false wins over it", async () => {
    const testCaseId = (
      await newCase(s, { name: 'Echo with a case setting', steps: echo({ kind: 'literal', text: 'tomato' }) })
    ).id as string;
    const settings = await fetch(`${s.app.url}/api/test-cases/${testCaseId}/settings`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${s.org.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ video: true }),
    });
    assert.equal(settings.status, 200, await settings.clone().text());
    const trigger = async (extra: Record<string, unknown>) => {
      const res = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId,
        environmentSlug: 'local',
        ...extra,
      });
      const runId = res.body.runIds[0] as string;
      await followRun(s.app, s.org.apiKey, runId);
      return runId;
    };
    assert.equal((await videoLink(await trigger({}), s.org.apiKey)).status, 200);
    assert.equal((await videoLink(await trigger({ video: false }), s.org.apiKey)).status, 404);
  });

  it("a plan's config.video records its Runs; a member's own false wins over it, a trigger's over both", async () => {
    const member = await newCase(s, {
      name: 'Member without video',
      steps: echo({ kind: 'literal', text: 'tomato' }),
      settings: { video: false },
    });
    const plan = await rest(s.app, s.org.apiKey, 'POST', '/api/plans', {
      name: 'Plan on video',
      // Resource-style steps: a fill's value is plain text here.
      steps: [
        { action: 'navigate', target: '/echo' },
        { action: 'fill', target: 'Colour word', value: 'tomato' },
      ],
      config: { video: true },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const testPlanId = plan.body.testPlanId as string;
    const members = await call(s.app, s.org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId,
      testCaseIds: [member.id],
      confirm: true,
    });
    assert.equal(members.status, 200, JSON.stringify(members.body));
    const videos = async (extra: Record<string, unknown>) => {
      const res = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId,
        environmentSlug: 'local',
        ...extra,
      });
      const runIds = res.body.runIds as string[];
      for (const runId of runIds) await followRun(s.app, s.org.apiKey, runId);
      return Promise.all(runIds.map(async (runId) => (await videoLink(runId, s.org.apiKey)).status));
    };
    assert.deepEqual(await videos({}), [200, 404], "the plan's inline steps on video, the member's false wins");
    assert.deepEqual(await videos({ video: true }), [200, 200], "the trigger's true wins over the member's false");
  });

  it('stops before a secret is typed: no frame shows the page it typed into', async () => {
    const runId = await runNewCase(
      s,
      { name: 'Echo a secret', steps: echo({ kind: 'environment', variable: 'PASSWORD' }) },
      { environmentSlug: 'local', video: true },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'passing');
    const file = await download(runId);
    assert.ok(Number(probe(file).format.duration) > 0, 'the steps before the secret are on video');
    assert.equal(redFrames(file), 0, 'no frame after the secret was typed');
  });

  it('another organization, a report link, a trace link and an expired link get no video', async () => {
    const other = await createOrg(s.app.deps);
    const foreign = await videoLink(shown, other.apiKey);
    assert.equal(foreign.status, 404);
    assert.equal((await foreign.json()).code, 'NOT_FOUND');
    assert.equal((await videoLink(shown, null)).status, 401);
    const key = s.app.deps.config.SIGNING_KEY;
    const at = (path: string) => fetch(new URL(path, s.app.url));
    assert.equal((await at(signedVideoPath(key, other.orgId, shown).path)).status, 403);
    const { reportUrl } = (await call(s.app, s.org.apiKey, 'run.get', { runId: shown })).body;
    assert.equal((await at(`/api/runs/${shown}/video/signed${new URL(reportUrl).search}`)).status, 403);
    assert.doesNotMatch(await (await fetch(reportUrl)).text(), /video|webm/i, 'the report links no video');
    const trace = new URL(signedTracePath(key, s.org.orgId, shown).path, s.app.url);
    assert.equal((await at(`/api/runs/${shown}/video/signed${trace.search}`)).status, 403);
    const expired = signedVideoPath(key, s.org.orgId, shown, Date.now() - VIDEO_LINK_TTL_MS - 1000);
    const denied = await at(expired.path);
    assert.equal(denied.status, 403);
    assert.equal((await denied.json()).code, 'PERMISSION_DENIED');
    // External Evidence never lists it.
    const evidence = (await call(s.app, s.org.apiKey, 'run.evidence', { runId: shown })).body;
    assert.doesNotMatch(JSON.stringify(evidence), /video|webm/i);
  });

  it('is gone once retention removes the Run’s media', async () => {
    const link = await (await videoLink(shown, s.org.apiKey)).json();
    // The Run is older than any organization's media days.
    await s.app.deps.db.manager.query('UPDATE runs SET created_at = created_at - ? WHERE id = ?', [
      400 * 24 * 3600 * 1000,
      shown,
    ]);
    const purge = retentionActivities(s.app.deps);
    await purge.purgeExpiredMedia(Date.now(), 1000);
    const res = await videoLink(shown, s.org.apiKey);
    assert.equal(res.status, 404);
    assert.equal((await fetch(new URL(link.url, s.app.url))).status, 404, 'a link handed out before is no use');
  });
});

describe('runs (issue 77): a video that cannot be made', function () {
  this.timeout(120_000);
  const s = useRunStack(SECRET, { FFMPEG_PATH: '/nonexistent/ffmpeg' });

  it('never costs the Run its verdict: it passes, without a video', async () => {
    const runId = await runNewCase(
      s,
      { name: 'Home, on video', steps: [{ action: 'navigate', target: '/login' }] },
      { environmentSlug: 'local', video: true },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'passing');
    const res = await fetch(`${s.app.url}/api/runs/${runId}/video`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    });
    assert.equal(res.status, 404);
  });
});
