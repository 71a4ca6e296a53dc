import assert from 'node:assert/strict';
import { Redactor } from '../../activities/engine/redactor';

describe('Redactor', () => {
  it('replaces every occurrence, the longest secret first', () => {
    const redactor = new Redactor();
    redactor.add('abcd');
    redactor.add('abcdef');
    assert.equal(redactor.redact('x abcdef y abcd z abcdef'), 'x [redacted] y [redacted] z [redacted]');
  });

  it('redacts URL-, form-, JSON- and base64-encoded forms', () => {
    const secret = 'p@ss word/"+';
    const redactor = new Redactor();
    redactor.add(secret);
    const forms = [
      encodeURIComponent(secret),
      new URLSearchParams({ p: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
    ];
    for (const form of forms) assert.equal(redactor.redact(`<${form}>`), '<[redacted]>', form);
  });

  it('ignores empty secrets and leaves text without secrets alone', () => {
    const redactor = new Redactor();
    redactor.add('');
    assert.equal(redactor.redact('nothing to hide'), 'nothing to hide');
    redactor.add('x');
    assert.equal(redactor.redact('a.x.b'), 'a.[redacted].b', 'one character is still a secret');
  });

  it('redacts deep values but leaves buffers untouched', () => {
    const redactor = new Redactor();
    redactor.add('hunter2');
    const shot = Buffer.from('hunter2');
    const out = redactor.redactDeep({ a: ['say hunter2'], b: { hunter2: 1 }, shot, n: 3 });
    assert.deepEqual(out, { a: ['say [redacted]'], b: { '[redacted]': 1 }, shot, n: 3 });
    assert.equal(out.shot, shot);
  });
});
