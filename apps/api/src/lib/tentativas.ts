import type { Clock } from '../clock';
import { AppError, formatWait, muitasTentativas } from './app-error';
import type { Counter, CounterStore } from './counters';

const HOUR = 3_600_000;
/** A wrong-password streak is forgotten after a day without failures (or at the next success). */
const FAILURE_STREAK_MS = 24 * HOUR;
/** 'Meus dados' exports per CPF and hour (decision 0019). */
export const EXPORTACOES_POR_HORA = 20;
/** Wrong contacts typed in registration, per CPF and per IP an hour (issue 13, defect 3; decision 0020). */
export const CONTATOS_ERRADOS_POR_HORA_CPF = 5;
export const CONTATOS_ERRADOS_POR_HORA_IP = 20;
/**
 * The staff sign-in's limits (decision 0033, amended after the penetration test's defect 4). Every
 * counter is keyed by the typed e-mail, so an unknown account meets exactly the same answers as a
 * real one.
 *
 * - One client (e-mail and IP): 5 wrong passwords or codes, then it waits until 15 min after its
 *   last one (the failures it keeps sending while it waits do not count, and do not push the wait).
 * - Every client without a known-device cookie of the account, together: 20 wrong tries an hour,
 *   then they wait for the hour to end. Known devices are not stopped by this (strangers cannot
 *   lock the real person out), they have their own limit:
 * - One known device: 5 wrong tries free, then progressive waits (30 s, 1, 2, 4, 8, 15 min) —
 *   slowed down, never locked; forgotten a day after its last failure, or at its next sign-in.
 * - One IP, all accounts: THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP wrong tries an hour (strangers).
 */
export const EQUIPE_FALHAS_POR_CLIENTE = 5;
export const EQUIPE_ESPERA_DO_CLIENTE_MS = 15 * 60_000;
export const EQUIPE_FALHAS_POR_HORA_EMAIL = 20;
export const EQUIPE_FALHAS_LIVRES_DO_DISPOSITIVO = 5;
export const EQUIPE_ESPERAS_DO_DISPOSITIVO_S = [30, 60, 120, 240, 480, 900] as const;
/** Wrong codes (and current passwords) of a signed-in person changing their password, per account an hour. */
export const EQUIPE_TROCAS_RECUSADAS_POR_HORA = 20;

/**
 * Who is trying to sign in to the console: the typed e-mail (lower case), the client's IP, and the
 * id of a valid known-device cookie of that very account (null for everyone else, and always for an
 * e-mail without an active account).
 */
export interface TentativaDaEquipe {
  email: string;
  ip: string;
  dispositivo: string | null;
}

/** The throttling numbers of decision 0002 (config.ts reads them from the environment). */
export interface LimitesDeThrottle {
  loginFree: number;
  loginBackoffSeconds: number[];
  loginLockAt: number;
  loginLockSeconds: number;
  loginIpPerHour: number;
  cpfCheckIpPerMinute: number;
  codeResendSeconds: number;
  codeCpfPerHour: number;
  codeIpPerHour: number;
  codeCheckIpPer10Min: number;
  cardCheckIpPerMinute: number;
}

/** The throttling numbers of 0002, on top of a shared counter store. */
export class Throttle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: LimitesDeThrottle,
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

  /**
   * CPF enumeration (issue 13, defect 4): every call whose answer can tell a member from a
   * non-member — VerificarCPF, every registration call (CriarConta, Cadastrar*, Confirmar*,
   * ReenviarSmsConfirmacao, CadastrarSenha) and the recovery calls (RecuperarSenha,
   * ValidarTokenRecuperacao, AlterarSenha) — spends from ONE budget per IP: so many distinct CPFs a
   * minute. A CPF already counted for this IP in the minute costs nothing again (a member's own
   * journey through those steps counts once); once the IP is over budget every such call waits,
   * repeated CPFs included, so duplicates sent in parallel gain nothing. A refused CPF is not
   * remembered as counted.
   */
  async assertConsultaCpf(ip: string, cpf: string): Promise<void> {
    const visto = `cpf:visto:${ip}:${cpf}`;
    const budget = `cpf:ip:${ip}`;
    const novo = (await this.store.hit(visto, 60_000)).count === 1;
    const c = novo ? await this.store.hit(budget, 60_000) : await this.store.peek(budget);
    if (c && c.count > this.limits.cpfCheckIpPerMinute) {
      if (novo) await this.store.reset(visto);
      throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
    }
  }

  /**
   * Before sending a code: 120 s between the codes of one CPF for one purpose (AGUARDE_REENVIO),
   * then the hourly caps per CPF (all purposes) and per IP (MUITAS_TENTATIVAS). A refused send
   * neither starts the wait nor counts. The wait is a short window claimed with one atomic hit, so
   * of parallel sends only one goes out. Returns the function that gives the reservation back when
   * the code could not be sent after all: the wait starts only once a code was actually sent.
   */
  async reserveCodeSend(cpf: string, finalidade: 'registro' | 'recuperacao', ip: string): Promise<() => Promise<void>> {
    const gap = this.limits.codeResendSeconds * 1000;
    const gate = `envio:espera:${finalidade}:${cpf}`;
    const byCpf = `envio:cpf:${cpf}`;
    const byIp = `envio:ip:${ip}`;
    if (gap > 0) this.assertGateOpen(await this.store.peek(gate));
    const [cpfHits, ipHits] = await Promise.all([this.store.peek(byCpf), this.store.peek(byIp)]);
    this.assertUnderCap(cpfHits, this.limits.codeCpfPerHour, 0);
    this.assertUnderCap(ipHits, this.limits.codeIpPerHour, 0);

    if (gap > 0) {
      const claim = await this.store.hit(gate, gap);
      if (claim.count > 1) this.assertGateOpen(claim); // a parallel send of the same CPF won the race
    }
    const [c, i] = await Promise.all([this.store.hit(byCpf, HOUR), this.store.hit(byIp, HOUR)]);
    const giveBack = async () => {
      await Promise.all([
        gap > 0 ? this.store.reset(gate) : undefined,
        this.store.release(byCpf),
        this.store.release(byIp),
      ]);
    };
    try {
      // Parallel sends at the very edge of a cap: the hits decide, and the loser gives them back.
      this.assertUnderCap(c, this.limits.codeCpfPerHour, 1);
      this.assertUnderCap(i, this.limits.codeIpPerHour, 1);
    } catch (err) {
      await giveBack();
      throw err;
    }
    return giveBack;
  }

  private assertGateOpen(gate: Counter | null): void {
    if (!gate || gate.count < 1) return;
    const left = gate.resetAt - this.clock.now();
    if (left <= 0) return;
    throw new AppError(
      429,
      'AGUARDE_REENVIO',
      `Aguarde ${formatWait(this.limits.codeResendSeconds)} para reenviar o código.`,
      Math.max(1, Math.ceil(left / 1000)),
    );
  }

  /** `counted`: 1 when `c` already includes this send's own hit, 0 when it was only peeked. */
  private assertUnderCap(c: Counter | null, cap: number, counted: 0 | 1): void {
    if (c && c.count - counted >= cap) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }

  /**
   * Registration compares a typed e-mail or mobile with the one on file (issue 13, defect 3): only
   * while the CPF and the IP have wrong contacts left this hour, checked BEFORE comparing, so a
   * guesser meets 429 whether the next guess is right or wrong. The slot is taken first (parallel
   * guesses cannot all pass) and the returned function gives it back when the contact was right:
   * only wrong contacts count.
   */
  async reserveContactCheck(cpf: string, ip: string): Promise<() => Promise<void>> {
    const byCpf = `contato:cpf:${cpf}`;
    const byIp = `contato:ip:${ip}`;
    const [c, i] = await Promise.all([this.store.hit(byCpf, HOUR), this.store.hit(byIp, HOUR)]);
    const giveBack = async () => {
      await Promise.all([this.store.release(byCpf), this.store.release(byIp)]);
    };
    const over = [
      c.count > CONTATOS_ERRADOS_POR_HORA_CPF ? c.resetAt : 0,
      i.count > CONTATOS_ERRADOS_POR_HORA_IP ? i.resetAt : 0,
    ];
    const until = Math.max(...over);
    if (until > 0) {
      await giveBack();
      throw muitasTentativas((until - this.clock.now()) / 1000);
    }
    return giveBack;
  }

  /** Card verifications (public /verificar-carteirinha): so many per IP per minute (guessing typed codes). */
  async assertVerificacaoCarteirinha(ip: string): Promise<void> {
    const c = await this.store.hit(`carteirinha:ip:${ip}`, 60_000);
    if (c.count > this.limits.cardCheckIpPerMinute) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }

  /**
   * Staff console sign-in (decision 0033), before the password is checked: a client over its budget
   * waits whether the next try is right or not, and an unknown e-mail waits exactly like a real one.
   * A known device of the account is held only by its own progressive wait; everyone else by the
   * client's, the account's (strangers together) and the IP's limits. The try is counted as a
   * failure before the check (parallel tries cannot all pass the limits, as with reserveContactCheck);
   * the returned function gives it back when the password was right.
   */
  async reservarEntradaEquipe(t: TentativaDaEquipe): Promise<() => Promise<void>> {
    const chaves = this.chavesDaEquipe(t);
    const agora = this.clock.now();
    if (t.dispositivo) {
      const antes = await this.store.peek(chaves.dispositivo);
      const espera = antes ? this.esperaDoDispositivo(antes.count, antes.lastAt) : 0;
      if (espera > 0) throw muitasTentativas(espera);
      const hits = await this.contarFalhaEquipe(t);
      const giveBack = () => this.devolverFalhaEquipe(t);
      const d = hits.dispositivo;
      // Past the free tries, one try per wait: of parallel ones, only the first counted goes on.
      if (d.count > EQUIPE_FALHAS_LIVRES_DO_DISPOSITIVO && d.count !== (antes?.count ?? 0) + 1) {
        await giveBack();
        throw muitasTentativas(this.esperaDoDispositivo(d.count - 1, agora) || 1);
      }
      return giveBack;
    }
    const [cliente, estranhos, ip] = await Promise.all([
      this.store.peek(chaves.cliente),
      this.store.peek(chaves.email),
      this.store.peek(chaves.ip),
    ]);
    const acima = (c: Counter | null, limite: number, contado: 0 | 1) =>
      c && c.count - contado >= limite ? c.resetAt : 0;
    const ate = Math.max(
      acima(cliente, EQUIPE_FALHAS_POR_CLIENTE, 0),
      acima(estranhos, EQUIPE_FALHAS_POR_HORA_EMAIL, 0),
      acima(ip, this.limits.loginIpPerHour, 0),
    );
    if (ate > agora) throw muitasTentativas((ate - agora) / 1000);
    const hits = await this.contarFalhaEquipe(t);
    const giveBack = () => this.devolverFalhaEquipe(t);
    // Parallel tries at the very edge of a limit: the hits decide, and the losers give theirs back.
    const depois = Math.max(
      acima(hits.cliente, EQUIPE_FALHAS_POR_CLIENTE, 1),
      acima(hits.email, EQUIPE_FALHAS_POR_HORA_EMAIL, 1),
      acima(hits.ip, this.limits.loginIpPerHour, 1),
    );
    if (depois > 0) {
      await giveBack();
      throw muitasTentativas(Math.max(1, (depois - agora) / 1000));
    }
    return giveBack;
  }

  private chavesDaEquipe(t: TentativaDaEquipe) {
    return {
      email: `equipe:email:${t.email}`,
      ip: `equipe:ip:${t.ip}`,
      cliente: `equipe:cliente:${t.email}:${t.ip}`,
      dispositivo: `equipe:dispositivo:${t.dispositivo ?? ''}`,
    };
  }

  /** One failure: the account (all clients together) and the IP always, then the device's or the client's own count. */
  private async contarFalhaEquipe(t: TentativaDaEquipe) {
    const k = this.chavesDaEquipe(t);
    const [email, ip, proprio] = await Promise.all([
      this.store.hit(k.email, HOUR),
      this.store.hit(k.ip, HOUR),
      t.dispositivo
        ? this.store.hit(k.dispositivo, FAILURE_STREAK_MS, true)
        : this.store.hit(k.cliente, EQUIPE_ESPERA_DO_CLIENTE_MS, true),
    ]);
    return { email, ip, cliente: proprio, dispositivo: proprio };
  }

  private async devolverFalhaEquipe(t: TentativaDaEquipe): Promise<void> {
    const k = this.chavesDaEquipe(t);
    await Promise.all([
      this.store.release(k.email),
      this.store.release(k.ip),
      this.store.release(t.dispositivo ? k.dispositivo : k.cliente),
    ]);
  }

  /** Seconds a known device still waits after `falhas` wrong tries, the last at `ultimaEm` (0 = may try). */
  private esperaDoDispositivo(falhas: number, ultimaEm: number): number {
    if (falhas < EQUIPE_FALHAS_LIVRES_DO_DISPOSITIVO) return 0;
    const i = Math.min(falhas - EQUIPE_FALHAS_LIVRES_DO_DISPOSITIVO, EQUIPE_ESPERAS_DO_DISPOSITIVO_S.length - 1);
    const resta = ultimaEm + (EQUIPE_ESPERAS_DO_DISPOSITIVO_S[i] ?? 0) * 1000 - this.clock.now();
    return resta > 0 ? Math.ceil(resta / 1000) : 0;
  }

  /** A wrong code of the sign-in's second step: counted as a wrong password is (reservarEntradaEquipe). */
  async registrarFalhaEquipe(t: TentativaDaEquipe): Promise<void> {
    await this.contarFalhaEquipe(t);
  }

  /**
   * A session opened (password and code): this client's and this device's failures are forgotten.
   * The account's count is not (it is the strangers' budget, an hour at a time).
   */
  async limparFalhasEquipe(t: TentativaDaEquipe): Promise<void> {
    const k = this.chavesDaEquipe(t);
    await Promise.all([this.store.reset(k.cliente), t.dispositivo ? this.store.reset(k.dispositivo) : undefined]);
  }

  /**
   * A signed-in person changing their password (decision 0033): wrong codes and current passwords
   * per account an hour, apart from the sign-in's counters (strangers cannot block it; only a session
   * of the account can spend it). The 5th wrong current password also locks the account (the service).
   */
  async assertTrocaDeSenhaEquipe(contaId: string): Promise<void> {
    const c = await this.store.peek(`equipe:troca:${contaId}`);
    if (c && c.count >= EQUIPE_TROCAS_RECUSADAS_POR_HORA) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }

  async registrarTrocaRecusadaEquipe(contaId: string): Promise<void> {
    await this.store.hit(`equipe:troca:${contaId}`, HOUR);
  }

  /** Every code check counts per IP, on top of the code's own 5 tries. */
  async assertCodeCheck(ip: string): Promise<void> {
    const c = await this.store.hit(`codigo:ip:${ip}`, 10 * 60_000);
    if (c.count > this.limits.codeCheckIpPer10Min) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }

  /** 'Meus dados' downloads (JSON or PDF): so many per CPF per hour; each one reads every table of the person. */
  async assertExportacao(cpf: string): Promise<void> {
    const c = await this.store.hit(`exportacao:cpf:${cpf}`, HOUR);
    if (c.count > EXPORTACOES_POR_HORA) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }
}
