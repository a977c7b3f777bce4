import type { z } from 'zod';

export interface OperationSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
}

/** Declares one bridge operation: the zod schema of its argument and of its result. */
export function operation<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): OperationSpec<I, O> {
  return { input, output };
}
