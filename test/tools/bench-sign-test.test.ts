import assert from 'node:assert/strict';
import { signTest } from '../../bench/stack.bench';

// The long-poll rows' verdict (issue 54): a pair's worst-reply ratio swings widely, so a row says
// "later" only when more pairs are later than chance allows. Expected tails are binomial(n, 1/2):
// 8 or more of 9 is 10/512 = 0.0195; 7 or more of 9 is 46/512 = 0.0898; 1 or fewer of 9 is 0.0195.
describe('the stack bench decides a long-poll row by a sign test over its pairs', () => {
  const pairs = (later: number, of: number) => [
    ...Array.from({ length: later }, () => 1.4),
    ...Array.from({ length: of - later }, () => 0.8),
  ];

  it('calls the service later when 8 of 9 pairs are', () => {
    assert.equal(signTest(pairs(8, 9)), 'later in 8 of 9 pairs: later than the bare server (p 0.020)');
  });

  it('does not decide 7 of 9, or a tie, either way', () => {
    assert.match(
      signTest(pairs(7, 9)),
      /^later in 7 of 9 pairs: not distinguishable from the bare server \(p 0\.09 for later\)$/,
    );
    assert.match(signTest(pairs(5, 10)), /not distinguishable/);
  });

  it('calls the service earlier when 1 of 9 pairs is later', () => {
    assert.equal(signTest(pairs(1, 9)), 'later in 1 of 9 pairs: earlier than the bare server (p 0.020)');
  });

  it('counts an equal worst as not later', () => {
    assert.match(signTest([1, 1, 1, 1, 1]), /^later in 0 of 5 pairs: earlier than the bare server \(p 0\.031\)$/);
  });
});
