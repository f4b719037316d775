import type { AutenticarResponse, PerfilAutenticado } from '@portal/contract';
import { onlyDigits } from '@portal/br';
import { LIMITES_WEB } from './config';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';

/** Spec 3 'Logged-in user record', kept in browser storage. */
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
  /** Permission flag behind spec 6 'only the financial responsible can contract' (0002). */
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

/** Upper case, no accents, single spaces: how spec 6 compares profile types. */
export function normalizeTipoPerfil(tipo: string | null | undefined): string {
  return (tipo ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

const PERFIS_FINANCEIROS = new Set([
  'BENEFICIARIO RESPONSAVEL FINANCEIRO',
  'RESPONSAVEL FINANCEIRO NAO BENEFICIARIO',
  'TITULAR',
]);

/** Spec 6: these profiles see invoices, the payment dialog and receipts. */
export function isPerfilFinanceiro(tipoPerfil: string | null | undefined): boolean {
  return PERFIS_FINANCEIROS.has(normalizeTipoPerfil(tipoPerfil));
}

/** Spec 5: the session code is kept only if numeric. */
export function toPerfilAutenticado(codigoSessao: unknown): PerfilAutenticado | null {
  if (typeof codigoSessao === 'number' && Number.isSafeInteger(codigoSessao) && codigoSessao > 0)
    return { codigoSessao };
  if (typeof codigoSessao === 'string' && /^\d{1,16}$/.test(codigoSessao))
    return { codigoSessao: Number(codigoSessao) };
  return null;
}

/** Spec 5: success is sucesso true, or both codigoSessao and nome present. */
export function isAutenticacaoOk(res: Partial<AutenticarResponse> | null | undefined): boolean {
  if (!res) return false;
  return res.sucesso === true || (res.codigoSessao !== null && res.codigoSessao !== undefined && !!res.nome);
}

/** Builds the stored user record from the Autenticar response (spec 3). */
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

/** Activity renews the expiry; the write is throttled so mousemove does not hammer storage. */
export const RENOVACAO_MINIMA_MS = 15_000;
export function shouldRenew(lastWriteAt: number, now: number): boolean {
  return now - lastWriteAt >= RENOVACAO_MINIMA_MS;
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

/** Spec 4: a stored session is restored only if it has not expired (expired ones are wiped). */
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

/** What the CPF check leaves in storage (spec 3: CPF, masked e-mail and mobile). */
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
