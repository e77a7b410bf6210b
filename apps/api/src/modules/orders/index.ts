// What other modules may use of the orders module besides its service.ts: the one writer of an
// order's status and the after-commit work it leaves (the scheduler's lead expiry, payments).
export { AfterCommit, inTransaction, type AfterCommitCtx } from './after-commit.ts';
export { transitionOrder } from './transition.ts';
