// Runs inside piscina's worker threads (lib/password.ts): argon2id on threads whose priority was
// lowered (niceIncrement), so hashing takes the CPU the event loop leaves and never starves it.
// Plain JS on purpose: the same file serves tsx, the tests and the bundle (build.mjs copies it).
import { hashSync, verifySync } from '@node-rs/argon2';

export default function argon2({ op, senha, stored, options }) {
  if (op === 'hash') return hashSync(senha, options);
  try {
    return verifySync(stored, senha);
  } catch {
    return false;
  }
}
