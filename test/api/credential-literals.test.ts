import assert from 'node:assert/strict';
import { call, key, useApp } from '../helpers/app';

/**
 * interface.md, "Credential-shaped literals": a fill literal is refused when its target names a
 * secret or its text looks like one: a known key prefix (`aut_`, `sk_`, `ghp_`, `AKIA`), a JWT, a
 * private key block, or a long high-entropy string. Each kind is tried alone (the other signs
 * absent), and so is ordinary text that shares one sign of a credential without being one.
 */
describe('credential-shaped literals: each kind alone, and text that only resembles one', () => {
  const t = useApp();

  const create = (target: string, text: string) =>
    call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: `fill ${target}`,
      platforms: ['web'],
      steps: [
        { action: 'navigate', target: '/' },
        { action: 'fill', target, valueSpec: { kind: 'literal', text } },
      ],
    });

  // [target, value, what the refusal says it is (the interface's words for the kind)]
  const refused: Array<[string, string, RegExp]> = [
    ['Password', 'hunter2', /names a secret/],
    // AWS's documented example key: 20 characters, too short to pass for random text.
    ['Notes', 'AKIAIOSFODNN7EXAMPLE', /known key|prefix/],
    ['Notes', `ghp_${'a'.repeat(36)}`, /known key|prefix/],
    // An unsigned JWT ({"alg":"none"}, {"sub":"1"}).
    ['Notes', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', /JWT/],
    [
      'Notes',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf\n-----END RSA PRIVATE KEY-----',
      /private key/,
    ],
    // Letters and digits only, no symbol: still a random token.
    ['Notes', 'k3Jd9QmZx7Lp2RtY8vBn4WcH6sFg1AeU', /high-entropy/],
    // docs/interface.md: 24 characters is long enough.
    ['Notes', 'k3Jd9QmZx7Lp2RtY8vBn4WcH', /high-entropy/],
  ];

  for (const [target, text, kind] of refused)
    it(`refuses ${JSON.stringify(text.slice(0, 24))}… (${text.length} characters) in "${target}" as ${kind.source}`, async () => {
      const reply = await create(target, text);
      assert.equal(reply.status, 400, JSON.stringify(reply.body));
      assert.equal(reply.body.error.code, 'INVALID_ARGUMENT');
      const [step] = reply.body.error.details.credentialSteps;
      assert.equal(step.stepIndex, 1, 'the refusal names the step');
      assert.match(step.reason, kind);
      assert.ok(!JSON.stringify(reply.body).includes(text), 'the value is not echoed');
    });

  // Long, varied or symbol-laden, yet plainly not secrets: a user types these into forms every day.
  const accepted: Array<[string, string]> = [
    ['Search', 'the-quick-brown-fox-jumps-over-the-lazy-dog'],
    ['Website', 'https://shop.example.test/checkout/confirm-order'],
    ['Invoice', 'INV-2024-0000-0000-0000-0001'],
    ['Name', 'Ada Lovelace'],
    // Varied and high in entropy (4.6 bits a character), but a sentence: whitespace makes it no token.
    ['Notes', 'Ship 3 Blue Mugs to Ana, ref Q7-X9 (Tuesday)'],
  ];

  for (const [target, text] of accepted)
    it(`accepts ${JSON.stringify(text)} in "${target}"`, async () => {
      const reply = await create(target, text);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual(reply.body.steps[1].valueSpec, { kind: 'literal', text });
    });
});
