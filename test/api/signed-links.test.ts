import assert from 'node:assert/strict';
import { hmac } from '../../core/crypto';
import { MEDIA_LINK_TTL_MS, signedMediaUrl, verifyMediaLink } from '../../api/runs/media-links';
import { signedTracePath, TRACE_LINK_TTL_MS, verifyTraceLink } from '../../api/runs/trace-links';

/**
 * Signed links (the specification's evidence links live 15 minutes; a trace link five): valid until
 * they expire, for what they were signed for only, and never for longer than a link of their kind lives.
 */
describe('signed links', () => {
  const key = 'k'.repeat(32);
  const now = 1_800_000_000_000;
  const paramsOf = (link: string) => new URL(link, 'http://127.0.0.1').searchParams;

  it('an evidence link holds for 15 minutes, for its evidence and kind only', () => {
    assert.equal(MEDIA_LINK_TTL_MS, 15 * 60 * 1000);
    const { url, expiresAt } = signedMediaUrl('http://127.0.0.1', key, 'ev_1', 'screenshot', now);
    assert.equal(expiresAt, now + 15 * 60 * 1000);
    const q = paramsOf(url);
    const [exp, sig] = [q.get('exp')!, q.get('sig')!];
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', exp, sig, now), true);
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', exp, sig, expiresAt), true, 'until the last moment');
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', exp, sig, expiresAt + 1), false, 'expired');
    assert.equal(verifyMediaLink(key, 'ev_2', 'screenshot', exp, sig, now), false, 'another evidence');
    assert.equal(verifyMediaLink(key, 'ev_1', 'diff', exp, sig, now), false, 'another kind');
    assert.equal(verifyMediaLink('x'.repeat(32), 'ev_1', 'screenshot', exp, sig, now), false, 'another key');
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', `${exp}0`, sig, now), false, 'another expiry');
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', 'soon', sig, now), false, 'not a time');
    // The same expiry spelled otherwise is not the link that was issued.
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', Number(exp).toExponential(), sig, now), false);
  });

  it('refuses an expiry further ahead than a link lives, even when signed with the key', () => {
    // A signature made with the key for an expiry a day ahead (as a leaked key or an old format
    // could make): not a link this service issues.
    const far = now + 24 * 3600 * 1000;
    const sig = hmac(key, `evidence:ev_1:screenshot:${far}`);
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', String(far), sig, now), false);
    // A minute of clock skew between API processes is allowed, no more.
    const skewed = now + MEDIA_LINK_TTL_MS + 60_000;
    const skewedSig = hmac(key, `evidence:ev_1:screenshot:${skewed}`);
    assert.equal(verifyMediaLink(key, 'ev_1', 'screenshot', String(skewed), skewedSig, now), true);
    assert.equal(
      verifyMediaLink(
        key,
        'ev_1',
        'screenshot',
        String(skewed + 1),
        hmac(key, `evidence:ev_1:screenshot:${skewed + 1}`),
        now,
      ),
      false,
    );
  });

  it('a trace link holds five minutes, for its organization and Run, and no evidence signature opens it', () => {
    assert.equal(TRACE_LINK_TTL_MS, 5 * 60 * 1000);
    const { path, expiresAt } = signedTracePath(key, 'org_a', 'run_1', now);
    assert.equal(expiresAt, now + 5 * 60 * 1000);
    const q = paramsOf(path);
    const [exp, sig] = [q.get('exp')!, q.get('sig')!];
    assert.equal(verifyTraceLink(key, 'org_a', 'run_1', exp, sig, now), true);
    assert.equal(verifyTraceLink(key, 'org_a', 'run_1', exp, sig, expiresAt + 1), false, 'expired');
    assert.equal(verifyTraceLink(key, 'org_b', 'run_1', exp, sig, now), false, 'another organization');
    assert.equal(verifyTraceLink(key, 'org_a', 'run_2', exp, sig, now), false, 'another Run');
    const media = paramsOf(signedMediaUrl('http://127.0.0.1', key, 'run_1', 'trace', now).url);
    assert.equal(verifyTraceLink(key, 'org_a', 'run_1', media.get('exp')!, media.get('sig')!, now), false);
  });
});
