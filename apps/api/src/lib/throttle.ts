import type { Clock } from '../clock';
import type { Config } from '../config';
import { AppError, formatWait, muitasTentativas } from './app-error';
import type { CounterStore } from './counters';

const HOUR = 3_600_000;
/** A wrong-password streak is forgotten after a day without failures (or at the next success). */
const FAILURE_STREAK_MS = 24 * HOUR;

/** The throttling numbers of 0002, on top of a shared counter store. */
export class Throttle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: Config['throttle'],
    private readonly clock: Clock,
  ) {}

  /** Seconds the CPF must still wait before another password try (0 = may try). */
  waitForCpf(failures: number, lastAt: number): number {
    const { loginFree, loginBackoffSeconds, loginLockAt, loginLockSeconds } = this.limits;
    let wait = 0;
    if (failures >= loginLockAt) wait = loginLockSeconds;
    else if (failures >= loginFree) {
      const step = Math.min(failures - loginFree, loginBackoffSeconds.length - 1);
      wait = loginBackoffSeconds[step] ?? 0;
    }
    const left = lastAt + wait * 1000 - this.clock.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Before checking a password: refuses (429) while the CPF waits or the IP used up its hour. */
  async assertMayTryPassword(cpf: string, ip: string): Promise<void> {
    const [byCpf, byIp] = await Promise.all([this.store.peek(`senha:cpf:${cpf}`), this.store.peek(`senha:ip:${ip}`)]);
    const wait = byCpf ? this.waitForCpf(byCpf.count, byCpf.lastAt) : 0;
    if (wait > 0) throw muitasTentativas(wait);
    if (byIp && byIp.count >= this.limits.loginIpPerHour)
      throw muitasTentativas((byIp.resetAt - this.clock.now()) / 1000);
  }

  /**
   * One password check at a time per CPF, across instances. Without it, a burst of parallel wrong
   * passwords would all pass assertMayTryPassword before the first failure is recorded. Returns
   * the function that ends the check; the window only matters if an instance dies mid-check.
   */
  async enterPasswordCheck(cpf: string): Promise<() => Promise<void>> {
    const key = `emcurso:senha:${cpf}`;
    const c = await this.store.hit(key, 30_000);
    if (c.count > 1) {
      await this.store.release(key);
      throw new AppError(
        429,
        'MUITAS_TENTATIVAS',
        'Já existe uma tentativa de login em andamento para este CPF. Aguarde alguns segundos e tente novamente.',
        2,
      );
    }
    return () => this.store.release(key);
  }

  async recordPasswordFailure(cpf: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.hit(`senha:cpf:${cpf}`, FAILURE_STREAK_MS, true),
      this.store.hit(`senha:ip:${ip}`, HOUR),
    ]);
  }

  async clearPasswordFailures(cpf: string): Promise<void> {
    await this.store.reset(`senha:cpf:${cpf}`);
  }

  /** VerificarCPF: so many lookups per IP per minute (CPF enumeration). */
  async assertCpfLookup(ip: string): Promise<void> {
    const c = await this.store.hit(`cpf:ip:${ip}`, 60_000);
    if (c.count > this.limits.cpfCheckIpPerMinute) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }

  /**
   * Before sending a code: 120 s between sends of one CPF (AGUARDE_REENVIO), then the hourly
   * caps per CPF and per IP. The gate is its own short window, so the check is one atomic hit.
   */
  async assertMaySendCode(cpf: string, ip: string): Promise<void> {
    const gap = this.limits.codeResendSeconds * 1000;
    if (gap > 0) {
      const gate = await this.store.hit(`envio:gap:${cpf}`, gap);
      if (gate.count > 1) {
        const s = Math.max(1, Math.ceil((gate.resetAt - this.clock.now()) / 1000));
        throw new AppError(
          429,
          'AGUARDE_REENVIO',
          `Aguarde ${formatWait(this.limits.codeResendSeconds)} para reenviar o código.`,
          s,
        );
      }
    }
    const [byCpf, byIp] = await Promise.all([
      this.store.hit(`envio:cpf:${cpf}`, HOUR),
      this.store.hit(`envio:ip:${ip}`, HOUR),
    ]);
    if (byCpf.count > this.limits.codeCpfPerHour) throw muitasTentativas((byCpf.resetAt - this.clock.now()) / 1000);
    if (byIp.count > this.limits.codeIpPerHour) throw muitasTentativas((byIp.resetAt - this.clock.now()) / 1000);
  }

  /** Every code check counts per IP, on top of the code's own 5 tries. */
  async assertCodeCheck(ip: string): Promise<void> {
    const c = await this.store.hit(`codigo:ip:${ip}`, 10 * 60_000);
    if (c.count > this.limits.codeCheckIpPer10Min) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }
}
