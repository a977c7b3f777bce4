import type { Call } from './context';
import { DROPPED } from './endpoint';

/**
 * After a money movement is committed: if a "commit, then drop" fault is armed, destroy the socket without
 * answering, so the client sees a lost response for a request that did take effect.
 */
export function answerOrDrop(call: Call, result: unknown): unknown {
  if (!call.deps.faults.takeDropAfterCommit()) return result;
  call.ctx.respond = false;
  call.ctx.req.socket.destroy();
  return DROPPED;
}
