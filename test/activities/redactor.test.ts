import assert from 'node:assert/strict';
import { Redactor } from '../../activities/engines/shared/redactor';

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

  // Issue 75: the rules of the redactor's own comment, each broken by a one-token change.
  it('leaves text alone when no secret was added (no empty pattern inserted everywhere)', () => {
    const redactor = new Redactor();
    assert.equal(redactor.redact('nothing to hide'), 'nothing to hide');
    assert.equal(redactor.redact(''), '');
    assert.deepEqual(redactor.redactDeep({ a: ['b'] }), { a: ['b'] });
    const trace = Buffer.from('PK\x03\x04 a trace', 'latin1');
    assert.deepEqual(redactor.redactBytes(trace), trace, 'bytes are left alone too');
  });

  it('redacts the encoded forms of a secret of 4 characters, but not of one shorter', () => {
    const four = new Redactor();
    four.add('k3y!');
    const base64 = Buffer.from('k3y!').toString('base64');
    assert.equal(four.redact(`<${base64}>`), '<[redacted]>', '4 characters: the base64 form too');
    assert.equal(four.redact(`<${encodeURIComponent('k3y!')}>`), '<[redacted]>');

    // Shorter: only the raw value; its base64 ("YWJj") is short enough to be any word.
    const three = new Redactor();
    three.add('abc');
    assert.equal(three.redact('YWJj and YWJ'), 'YWJj and YWJ', 'unrelated text that happens to be its base64');
    assert.equal(three.redact('xabcx'), 'x[redacted]x');
  });

  it('walks objects with null, numbers, booleans and undefined in them, and objects without a prototype', () => {
    const redactor = new Redactor();
    redactor.add('hunter2');
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { said: 'hunter2' });
    const out = redactor.redactDeep({ none: null, n: 0, yes: true, gone: undefined, list: [null, 'hunter2'], bare });
    assert.deepEqual(
      { ...out, bare: { ...out.bare } },
      { none: null, n: 0, yes: true, gone: undefined, list: [null, '[redacted]'], bare: { said: '[redacted]' } },
    );
    assert.equal(redactor.redactDeep(null), null);
    assert.equal(redactor.redactDeep(7), 7);
    const when = new Date(0);
    assert.equal(redactor.redactDeep(when), when, 'a Date is returned as is');
  });

  it('masks a secret in bytes that are not UTF-8, whatever its characters (issue 77)', () => {
    const redactor = new Redactor();
    const secret = 'Grüße/pa$$ word';
    redactor.add(secret);
    const body = Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from(secret), Buffer.from([0xfe])]);
    const masked = redactor.redactBytes(body);
    assert.equal(masked.indexOf(Buffer.from(secret)), -1);
    assert.deepEqual(
      masked,
      Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from('[redacted]'), Buffer.from([0xfe])]),
    );
    const base64 = Buffer.from(`\xff${Buffer.from(secret).toString('base64')}`, 'latin1');
    assert.equal(redactor.redactBytes(base64).toString('latin1'), '\xff[redacted]');
    const clean = Buffer.from([0xff, 1, 2]);
    assert.equal(redactor.redactBytes(clean), clean, 'bytes without a secret are returned as they are');
  });
});
