import { carryOut, type AcceptedMove } from '../money-move';
import type { Call } from './context';
import { DROPPED } from './endpoint';
import { ApiError } from './envelope';

/**
 * Carries out an accepted send or swap under the fault plan and answers accordingly: the result; nothing
 * (socket destroyed, after the commit or before a late one); or an error envelope the spec does not list,
 * with `code` equal to the HTTP status, whatever happened to the money.
 */
export function settleMove(call: Call, move: AcceptedMove, result: unknown): unknown {
  const answer = carryOut(move, call.deps.faults, call.deps.deferred);
  if (answer.kind === 'result') return result;
  if (answer.kind === 'unexpected') throw new ApiError(answer.status, answer.message);
  call.ctx.respond = false;
  call.ctx.req.socket.destroy();
  return DROPPED;
}
