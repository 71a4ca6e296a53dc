import assert from 'node:assert/strict';
import { z } from 'zod';
import { endpoints } from '../../api/endpoints';
import { plainParse } from '../../api/pipeline/plain-body';
import { idPrefixes, newId } from '../../core/ids';

/** A small seeded generator: the same cases on every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const values: unknown[] = [
  ...idPrefixes.map(newId),
  'run_0123',
  `RUN_${newId('run').slice(4)}`,
  '',
  'a',
  'smoke',
  'smoke-test',
  'staging',
  'web',
  'android',
  'ios',
  'passed',
  'https://127.0.0.1:8080/',
  '2026-12-01T00:00:00.000Z',
  'x'.repeat(200),
  'x'.repeat(5000),
  -1,
  0,
  -0,
  1,
  2.5,
  100,
  25_000,
  25_001,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  {},
  [],
  ['web'],
];

/**
 * The plain check of api/pipeline/plain-body.ts stands in for zod's parse on the hottest v1
 * bodies (run.get's follower polls). Wherever it answers it must answer as zod does: the same
 * verdict, and for an accepted body the very object zod returns, fields in the same order.
 */
describe("v1 bodies checked without zod's parse answer exactly as zod", () => {
  const v1 = endpoints.filter((e) => e.bindings.v1 && e.body);
  const plain = v1.filter((e) => plainParse(e.body!) !== null);

  it('covers the follower polls (run.get) and leaves the rest to zod', () => {
    assert.ok(
      plain.some((e) => e.name === 'run.get'),
      'run.get has a plain check',
    );
    assert.ok(plain.length < v1.length, 'bodies with nested or transformed fields keep zod');
  });

  for (const endpoint of plain) {
    it(`${endpoint.name}: the same verdict and the same object on generated bodies`, () => {
      const schema = endpoint.body as z.ZodObject;
      const parse = plainParse(schema)!;
      const next = random(endpoint.name.length * 7919);
      const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
      const fields = Object.entries(schema.shape as Record<string, z.ZodType>);
      // The words its enums and literals allow join the pool, so that some bodies can be valid.
      const words = fields.flatMap(([, field]) => {
        const def = (field instanceof z.ZodOptional ? field.unwrap() : field)._zod.def as {
          entries?: Record<string, unknown>;
          values?: unknown[];
        };
        return [...Object.values(def.entries ?? {}), ...(def.values ?? [])];
      });
      const pool = [...values, ...words];
      // Values each field accepts, found by asking zod: most bodies are then close to valid.
      const fitting = new Map(fields.map(([name, field]) => [name, pool.filter((v) => field.safeParse(v).success)]));
      let accepted = 0;
      for (let i = 0; i < 400; i++) {
        const body: Record<string, unknown> = {};
        for (const [name] of fields) {
          const roll = next();
          if (roll < 0.15) continue; // left out
          const fits = fitting.get(name)!;
          body[name] = roll < 0.85 && fits.length ? pick(fits) : pick(pool);
        }
        if (next() < 0.05) body[pick(['extra', 'constructor', '__proto__'])] = 1;
        const shuffled = Object.fromEntries(Object.entries(body).sort(() => next() - 0.5));
        const expected = schema.safeParse(shuffled);
        const got = parse(shuffled);
        const shown = JSON.stringify(shuffled);
        if (expected.success) {
          accepted++;
          assert.deepStrictEqual(got, expected.data, shown);
          assert.equal(JSON.stringify(got), JSON.stringify(expected.data), `field order, ${shown}`);
        } else assert.equal(got, undefined, `zod refuses ${shown}`);
      }
      assert.ok(accepted > 0, 'some generated bodies were valid');
    });
  }

  it('has no plain check for a schema with a transform, a default, a refinement, a nested or loose object', () => {
    assert.equal(plainParse(z.strictObject({ name: z.string().trim() })), null);
    assert.equal(plainParse(z.strictObject({ n: z.number().default(1) })), null);
    assert.equal(plainParse(z.strictObject({ n: z.number().refine((n) => n % 2 === 0) })), null);
    assert.equal(plainParse(z.strictObject({ inner: z.strictObject({ a: z.string() }) })), null);
    assert.equal(plainParse(z.object({ a: z.string() })), null, 'a loose object drops unknown fields');
    assert.equal(plainParse(z.strictObject({ a: z.string() }).refine(() => true)), null);
    assert.equal(plainParse(z.strictObject({ email: z.string().email() })), null, 'a named format');
  });

  it('accepts as zod does at the bounds of lengths, integers and numbers', () => {
    const schema = z.strictObject({
      s: z.string().min(2).max(3),
      n: z.number().int().min(0).max(10),
      x: z.number().gt(1).lt(2).optional(),
    });
    const parse = plainParse(schema)!;
    for (const body of [
      { s: 'ab', n: 0 },
      { s: 'abc', n: 10 },
      { s: 'a', n: 0 },
      { s: 'abcd', n: 0 },
      { s: 'ab', n: 11 },
      { s: 'ab', n: -1 },
      { s: 'ab', n: 1.5 },
      { s: 'ab', n: 0, x: 1 },
      { s: 'ab', n: 0, x: 1.5 },
      { s: 'ab', n: 0, x: 2 },
      { s: 'ab', n: 0, x: undefined },
      { n: 0 },
    ]) {
      const expected = schema.safeParse(body);
      assert.deepStrictEqual(parse(body), expected.success ? expected.data : undefined, JSON.stringify(body));
    }
  });
});
