import type { InterpreterAnswer } from './types';

/** What one interpretation is billed, all in integer micro-dollars. */
export interface InterpretationPrice {
  basis: 'provider_cost' | 'token_estimate' | 'embedded';
  providerCostMicros: number | null;
  estimatedCostMicros: number | null;
  billedMicros: number;
}

/** ceil(a × n / d) in integer arithmetic. */
const mulDivCeil = (a: number, n: number, d: number) => Number((BigInt(a) * BigInt(n) + BigInt(d - 1)) / BigInt(d));

/**
 * The price of an interpretation: the provider's reported cost plus 20%, or, when it reports
 * none, the token estimate (tokens × price per 1000, rounded up) plus 20%. The embedded
 * interpreter costs nothing. No floating point touches money.
 */
export function priceInterpretation(
  answer: Pick<InterpreterAnswer, 'provider' | 'usage'>,
  pricePer1kMicros: number,
): InterpretationPrice {
  if (answer.provider === 'embedded')
    return { basis: 'embedded', providerCostMicros: null, estimatedCostMicros: null, billedMicros: 0 };
  const { costMicros, promptTokens, completionTokens } = answer.usage;
  if (costMicros !== null) {
    return {
      basis: 'provider_cost',
      providerCostMicros: costMicros,
      estimatedCostMicros: null,
      billedMicros: mulDivCeil(costMicros, 6, 5),
    };
  }
  const estimate = mulDivCeil(promptTokens + completionTokens, pricePer1kMicros, 1000);
  return {
    basis: 'token_estimate',
    providerCostMicros: null,
    estimatedCostMicros: estimate,
    billedMicros: mulDivCeil(estimate, 6, 5),
  };
}
