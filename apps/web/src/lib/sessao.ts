import type { AutenticarResponse, PerfilAutenticado } from '@portal/contract';
import { onlyDigits } from '@portal/br';
import { normalizeTipoPerfil } from '@portal/contract/perfis';
import { LIMITES_WEB } from './config';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';

/** docs/produto/acesso.md "Data", kept in browser storage. */
export interface Usuario {
  id: string;
  nome: string;
  cpf: string;
  email: string;
  celular: string;
  perfilAutenticado: PerfilAutenticado | null;
  codigoPlano: string;
  codigoContrato: string;
  ehBeneficiary: boolean;
  tipoPerfil: string;
  dataNascimento: string;
  numeroCarteirinha: string;
  codigoBeneficiario: string;
  produtoContratado: string;
  dataContratacao: string;
  coparticipativo: boolean;
  padraoAcomodacao: string;
  /** Permission flag behind docs/produto/comercial.md "Who may use it" 'only the financial responsible can contract' (0002). */
  responsavelFinanceiro: boolean;
  sexo: string;
  nomeMae: string;
  rg: string;
  orgaoEmissorRg: string;
  cartaoNacionalSaude: string;
  tituloEleitor: string;
  estadoCivil: string;
  profissao: string;
  pisPasep: string;
  tipoContratacao: string;
  segmentacaoAssistencial: string;
  dataFinalCPT: string;
  carencias: string;
}

// docs/produto/comum.md "Who may use it" profile rule lives in the contract, where the API applies the same one.
export { isPerfilFinanceiro, normalizeTipoPerfil } from '@portal/contract/perfis';

/**
 * docs/produto/acesso.md "Validation": the session code is kept only if numeric. Our server's codes are positive integers
 * below 2^53 (0002); a string is accepted when it is that number written out (1 to 16 digits, no
 * leading zero), since a longer or zero-padded one would not survive Number() unchanged.
 */
export function toPerfilAutenticado(codigoSessao: unknown): PerfilAutenticado | null {
  if (typeof codigoSessao === 'number') {
    return Number.isSafeInteger(codigoSessao) && codigoSessao > 0 ? { codigoSessao } : null;
  }
  if (typeof codigoSessao === 'string' && /^[1-9]\d{0,15}$/.test(codigoSessao)) {
    const n = Number(codigoSessao);
    return Number.isSafeInteger(n) ? { codigoSessao: n } : null;
  }
  return null;
}

/** docs/produto/acesso.md "Validation": success is sucesso true, or both codigoSessao and nome present. */
export function isAutenticacaoOk(res: Partial<AutenticarResponse> | null | undefined): boolean {
  if (!res) return false;
  return res.sucesso === true || (res.codigoSessao !== null && res.codigoSessao !== undefined && !!res.nome);
}

/** Builds the stored user record from the Autenticar response (docs/produto/acesso.md, "Data"). */
export function buildUsuario(res: Partial<AutenticarResponse>, cpf: string): Usuario {
  const produto = res.produtos?.[0];
  const digits = onlyDigits(cpf);
  return {
    id: digits,
    nome: res.nome?.trim() || 'Usuário',
    cpf: digits,
    email: res.email ?? '',
    celular: res.celular ?? '',
    perfilAutenticado: toPerfilAutenticado(res.codigoSessao),
    codigoPlano: res.codigoPlano ?? '',
    codigoContrato: res.codigoContrato ?? '',
    ehBeneficiary: normalizeTipoPerfil(res.tipoPerfil) !== 'RESPONSAVEL FINANCEIRO NAO BENEFICIARIO',
    tipoPerfil: res.tipoPerfil ?? '',
    dataNascimento: res.dataNascimento ?? '',
    numeroCarteirinha: res.codigoBeneficiario ?? '',
    codigoBeneficiario: res.codigoBeneficiario ?? '',
    produtoContratado: produto?.nome ?? '',
    dataContratacao: produto?.dataInicioVigencia ?? '',
    coparticipativo: produto?.coparticipativo ?? false,
    padraoAcomodacao: res.beneficiariosAssociados?.[0]?.padraoConforto ?? '',
    responsavelFinanceiro: res.responsavelFinanceiro ?? false,
    sexo: '',
    nomeMae: '',
    rg: '',
    orgaoEmissorRg: '',
    cartaoNacionalSaude: '',
    tituloEleitor: '',
    estadoCivil: '',
    profissao: '',
    pisPasep: '',
    tipoContratacao: '',
    segmentacaoAssistencial: '',
    dataFinalCPT: '',
    carencias: '',
  };
}

export function nextExpiry(now: number): number {
  return now + LIMITES_WEB.sessaoInatividadeMs;
}

export function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || !Number.isFinite(expiresAt) || now >= expiresAt;
}

/**
 * docs/produto/acesso.md "States": any mouse move or key press renews the expiry. mousemove fires dozens of times a second,
 * so storage is written at most once per this interval.
 */
export const RENOVACAO_INTERVALO_MS = 1_000;

/** 0: the expiry may be written now; otherwise the milliseconds until the next write is allowed. */
export function renewalDelay(lastWriteAt: number, now: number): number {
  const elapsed = now - lastWriteAt;
  return elapsed >= RENOVACAO_INTERVALO_MS || elapsed < 0 ? 0 : RENOVACAO_INTERVALO_MS - elapsed;
}

export interface Renewal {
  /** A mouse move or key press happened now. */
  activity(): void;
  /** Drops a write still waiting (logout, unmount). */
  cancel(): void;
}

/**
 * The expiry renewal: the first activity after a quiet second is written at once; activity inside
 * that second is written when it ends, with the time of the last activity, so the stored expiry is
 * always 30 minutes after the member last moved (never up to a second early) and storage sees at
 * most one write per second.
 */
export function createRenewal(opts: {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (id: unknown) => void;
  /** Writes the expiry for activity at `activityAt` (and may renew the server session). */
  write: (activityAt: number) => void;
  lastWriteAt?: number;
}): Renewal {
  let lastWriteAt = opts.lastWriteAt ?? Number.NEGATIVE_INFINITY;
  let lastActivityAt = 0;
  let timer: unknown = null;
  const flush = () => {
    timer = null;
    lastWriteAt = opts.now();
    opts.write(lastActivityAt);
  };
  return {
    activity() {
      lastActivityAt = opts.now();
      if (timer !== null) return; // the pending write will carry this activity
      const delay = renewalDelay(lastWriteAt, lastActivityAt);
      if (delay === 0) flush();
      else timer = opts.setTimer(flush, delay);
    },
    cancel() {
      if (timer !== null) opts.clearTimer(timer);
      timer = null;
    },
  };
}

/**
 * While the member is active, the server session is renewed too (POST /api/Login/RenovarSessao),
 * at most this often: the server's idle limit is also 30 minutes, so 5 leaves ample margin.
 */
export const RENOVACAO_SERVIDOR_MS = 5 * 60_000;
export function shouldRenewServer(lastRenewAt: number, now: number): boolean {
  return now - lastRenewAt >= RENOVACAO_SERVIDOR_MS;
}

export function saveSession(storage: KeyValueStorage, usuario: Usuario, expiresAt: number): void {
  storage.setItem(STORAGE_KEYS.usuario, JSON.stringify(usuario));
  storage.setItem(STORAGE_KEYS.sessaoExpiraEm, String(expiresAt));
}

export function saveExpiry(storage: KeyValueStorage, expiresAt: number): void {
  storage.setItem(STORAGE_KEYS.sessaoExpiraEm, String(expiresAt));
}

export function readExpiry(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(STORAGE_KEYS.sessaoExpiraEm);
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function clearSession(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.usuario);
  storage.removeItem(STORAGE_KEYS.sessaoExpiraEm);
}

/** docs/produto/acesso.md "States": a stored session is restored only if it has not expired (expired ones are wiped). */
export function restoreSession(storage: KeyValueStorage, now: number): { usuario: Usuario; expiresAt: number } | null {
  const raw = storage.getItem(STORAGE_KEYS.usuario);
  const expiresAt = readExpiry(storage);
  if (!raw || isExpired(expiresAt, now)) {
    clearSession(storage);
    return null;
  }
  try {
    const usuario = JSON.parse(raw) as Usuario;
    if (!usuario || typeof usuario !== 'object' || !usuario.cpf) throw new Error('bad record');
    return { usuario, expiresAt: expiresAt as number };
  } catch {
    clearSession(storage);
    return null;
  }
}

/** What the CPF check leaves in storage (docs/produto/acesso.md, "Data": CPF, masked e-mail and mobile). */
export interface ContatosVerificados {
  cpf: string;
  email: string;
  celular: string;
}

export function saveContatosVerificados(storage: KeyValueStorage, c: ContatosVerificados): void {
  storage.setItem(STORAGE_KEYS.cpf, c.cpf);
  storage.setItem(STORAGE_KEYS.email, c.email);
  storage.setItem(STORAGE_KEYS.celular, c.celular);
}

export function readContatosVerificados(storage: KeyValueStorage): ContatosVerificados | null {
  const cpf = storage.getItem(STORAGE_KEYS.cpf);
  if (!cpf) return null;
  return {
    cpf,
    email: storage.getItem(STORAGE_KEYS.email) ?? '',
    celular: storage.getItem(STORAGE_KEYS.celular) ?? '',
  };
}
